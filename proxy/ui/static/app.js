// The operator pages' only script (no inline script: the Content-Security-Policy forbids it).
// Shows times in the reader's time zone and money by currency, counts the session down, keeps
// drafts of what the reader types, and refreshes the inbox and an open ticket without a reload.
"use strict";

(function () {
  const body = document.body;
  const pollMs = Number(body.dataset.pollMs) || 5000;
  const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
  const relative = new Intl.RelativeTimeFormat(undefined, { numeric: "auto" });
  const endsEl = document.getElementById("session-ends");
  let endsAt = endsEl ? new Date(endsEl.getAttribute("datetime")).getTime() : null;

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
      if (!currency || el.dataset.done) continue;
      try {
        const text = new Intl.NumberFormat(undefined, { style: "currency", currency })
          .format(Number(el.getAttribute("value")));
        el.title = el.textContent;
        el.textContent = text;
        el.dataset.done = "1";
      } catch (e) { /* an unknown currency keeps the server's text */ }
    }
  }

  // A form sent (log out, approve, ...) navigates this page to the server's answer: a poll
  // answered 401 meanwhile (by the logout itself) must not send the reader elsewhere.
  let leaving = false;
  document.addEventListener("submit", function (e) { if (!e.defaultPrevented) leaving = true; });
  window.addEventListener("pageshow", function () { leaving = false; });  // back, from cache

  function toLogin() {
    if (leaving) return;
    const next = location.pathname + location.search;
    location.assign("/ui/login?ended=1&next=" + encodeURIComponent(next));
  }

  // Every answer says when the session ends (it moves on when the reader acts in another tab).
  async function fragment(url) {
    const resp = await fetch(url, {
      credentials: "same-origin", cache: "no-store", headers: { "X-Callgate-Fetch": "1" },
    });
    if (resp.status === 401) { toLogin(); return null; }
    const ends = resp.headers.get("X-Callgate-Session-Ends");
    if (ends && endsEl) {
      endsAt = new Date(ends).getTime();
      endsEl.setAttribute("datetime", ends);
      localise(endsEl.parentNode);
    }
    if (!resp.ok) return null;
    return await resp.text();
  }

  function say(id, text) {
    const el = document.getElementById(id);
    if (el) el.textContent = text;
  }

  // The inbox: counts and rows, swapped in when the server's answer changes; the focused row
  // keeps the focus.
  const inbox = document.getElementById("inbox-live");
  if (inbox) {
    setInterval(async function () {
      const html = await fragment(inbox.dataset.src);
      if (html === null) return;
      const doc = new DOMParser().parseFromString(html, "text/html");
      const fresh = doc.querySelector("[data-version]");
      const shown = inbox.querySelector("[data-version]");
      if (!fresh || (shown && shown.dataset.version === fresh.dataset.version)) return;
      const row = document.activeElement && document.activeElement.closest("[data-ticket]");
      const focused = row ? row.dataset.ticket : null;
      inbox.replaceChildren(...doc.body.childNodes);  // the server's own escaped HTML
      localise(inbox);
      if (focused) {
        const again = inbox.querySelector('[data-ticket="' + CSS.escape(focused) + '"] a');
        if (again) again.focus();
      }
      say("inbox-news", "The inbox changed: " + inbox.querySelectorAll("tbody tr").length +
          " held calls shown.");
    }, pollMs);
  }

  // A ticket: status, controls, result and history, swapped in when the ticket changes.
  const ticket = document.getElementById("ticket-live");
  if (ticket) {
    setInterval(async function () {
      if (ticket.contains(document.activeElement) && document.activeElement !== ticket) {
        return;  // someone is working a control: do not pull it from under them
      }
      const html = await fragment(ticket.dataset.src);
      if (html === null) return;
      const doc = new DOMParser().parseFromString(html, "text/html");
      const fresh = doc.querySelector("[data-version]");
      if (fresh && fresh.dataset.version !== ticket.dataset.version) {
        ticket.replaceChildren(...doc.body.childNodes);
        ticket.dataset.version = fresh.dataset.version;
        localise(ticket);
        for (const el of document.querySelectorAll("[data-open-only]")) {
          el.hidden = fresh.dataset.open !== "yes";  // decided: nothing left to edit
        }
        const status = document.getElementById("status");
        say("ticket-news", "The ticket changed" + (status ? ": " + status.textContent : "."));
      }
    }, pollMs);
  }

  // Drafts: what the reader types survives a reload and a new login (this tab only).
  for (const box of document.querySelectorAll("textarea[id]")) {
    const key = "draft:" + location.pathname + ":" + box.id;
    const saved = sessionStorage.getItem(key);
    if (saved !== null && saved !== box.value) box.value = saved;
    box.addEventListener("input", function () { sessionStorage.setItem(key, box.value); });
    if (box.form) {
      box.form.addEventListener("submit", function () { sessionStorage.removeItem(key); });
    }
  }

  // The session: counted down; at its end, the server is asked (another tab may have kept it
  // going), and if it has ended, the login page.
  if (endsEl) {
    setInterval(async function () {
      if (Date.now() < endsAt) { localise(endsEl.parentNode); return; }
      await fragment(location.pathname.startsWith("/ui/tickets/") ?
        location.pathname.replace(/\/$/, "") + "/live" : "/ui/live");
    }, 15000);
  }

  localise(document);
})();
