// The operator pages' only script (no inline script: the Content-Security-Policy forbids it).
// Shows times in the reader's time zone and money by currency, counts the session down, and
// refreshes the inbox and an open ticket without a reload.
"use strict";

(function () {
  const body = document.body;
  const pollMs = Number(body.dataset.pollMs) || 5000;
  const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
  const relative = new Intl.RelativeTimeFormat(undefined, { numeric: "auto" });

  function ago(ms) {
    const s = Math.round(ms / 1000);
    const units = [["day", 86400], ["hour", 3600], ["minute", 60], ["second", 1]];
    for (const [unit, size] of units) {
      if (Math.abs(s) >= size || unit === "second") {
        return relative.format(-Math.round(s / size), unit);
      }
    }
    return "";
  }

  function localise(root) {
    for (const el of root.querySelectorAll("time[datetime]")) {
      const when = new Date(el.getAttribute("datetime"));
      if (isNaN(when)) continue;
      const full = dateTime.format(when);
      const how = el.dataset.format;
      if (how === "age") {
        el.textContent = ago(Date.now() - when.getTime());
        el.title = full;
      } else if (how === "until") {
        const left = Math.max(0, Math.round((when.getTime() - Date.now()) / 60000));
        el.textContent = left > 0 ? "in " + left + " min" : "now";
        el.title = full;
      } else {
        el.textContent = full;
      }
    }
    for (const el of root.querySelectorAll("data.money[data-currency]")) {
      const currency = el.dataset.currency;
      if (!currency) continue;
      try {
        el.title = el.textContent;
        el.textContent = new Intl.NumberFormat(undefined, { style: "currency", currency })
          .format(Number(el.getAttribute("value")));
      } catch (e) { /* an unknown currency keeps the server's text */ }
    }
  }

  function toLogin() {
    const next = location.pathname + location.search;
    location.assign("/ui/login?ended=1&next=" + encodeURIComponent(next));
  }

  async function fragment(url) {
    const resp = await fetch(url, {
      credentials: "same-origin", cache: "no-store", headers: { "X-Callgate-Fetch": "1" },
    });
    if (resp.status === 401) { toLogin(); return null; }
    if (!resp.ok) return null;
    return await resp.text();
  }

  // The inbox: counts and rows, swapped in when they change.
  const inbox = document.getElementById("inbox-live");
  if (inbox) {
    let last = inbox.innerHTML;
    setInterval(async function () {
      const html = await fragment(inbox.dataset.src);
      if (html !== null && html !== last) {
        inbox.innerHTML = html;  // the server's own escaped HTML
        last = inbox.innerHTML;
        localise(inbox);
      }
    }, pollMs);
  }

  // A ticket: status, controls, result and history, swapped in when the ticket changes.
  const ticket = document.getElementById("ticket-live");
  if (ticket) {
    setInterval(async function () {
      if (ticket.contains(document.activeElement) && document.activeElement.tagName !== "BODY") {
        return;  // someone is typing in a control: do not pull it from under them
      }
      const html = await fragment(ticket.dataset.src);
      if (html === null) return;
      const doc = new DOMParser().parseFromString(html, "text/html");
      const fresh = doc.querySelector("[data-version]");
      if (fresh && fresh.dataset.version !== ticket.dataset.version) {
        ticket.replaceChildren(...doc.body.childNodes);
        ticket.dataset.version = fresh.dataset.version;
        localise(ticket);
      }
    }, pollMs);
  }

  // The session: counted down; at its end, the login page.
  const ends = document.getElementById("session-ends");
  if (ends) {
    const at = new Date(ends.getAttribute("datetime")).getTime();
    setInterval(function () {
      if (Date.now() >= at) toLogin(); else localise(ends.parentNode);
    }, 15000);
  }

  localise(document);
})();
