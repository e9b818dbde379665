/* The calculator's enhancements. Without this file every button still works: it submits the form
   and the server applies the edit (calculator/forms.py apply_edit) and draws the page again.

   With it, a tap on the palette, on a placed tile, on a wait or on "Clear" edits the hand box here,
   at once, and htmx (hx-* on the form) asks the server for the result. The hand model below
   mirrors calculator/editor.py: packs [123m2] [555p3] [7777s] [7777s5], then the standing tiles in
   mpsz, sorted but for the last one tapped, which stays last; when the count is full (14, packs
   counted as 3), the last tile is the winning tile (a pack entered after it leaves it so).

   Besides: every change is a history entry (Back and the Undo button step back through them, Clear
   included), the last 20 scored hands are kept in localStorage ("Recent hands"), the palette is one
   tab stop that arrow keys move in and that takes typed mpsz ("123m"), and the page keeps its scroll
   position and the focus when a wait or an example is tapped.
   Loaded with defer; no inline script anywhere (the Content-Security-Policy forbids it). */
(function () {
  "use strict";

  document.documentElement.classList.add("js");

  var FULL = 14;  // the tiles of a complete hand at this table: #placed's data-full (温州 17, 六人血战 8)
  var SUITS = "mpsz";

  // -- tiles: 0..33 = 1m..9m, 1p..9p, 1s..9s, 1z..7z ---------------------------------------------

  function tileIndex(text) {
    var m = /^([1-9])([mpsz])$/.exec(text);
    if (!m) { return -1; }
    var rank = +m[1], suit = SUITS.indexOf(m[2]);
    if (suit === 3 && rank > 7) { return -1; }
    return suit * 9 + rank - 1;
  }
  function suitOf(i) { return Math.floor(i / 9); }
  function rankOf(i) { return i % 9 + 1; }
  function tileText(i) { return rankOf(i) + SUITS[suitOf(i)]; }
  function byIndex(a, b) { return a - b; }

  function runs(seq) {
    var out = "";
    for (var i = 0; i < seq.length; i++) {
      out += rankOf(seq[i]);
      if (i + 1 === seq.length || suitOf(seq[i + 1]) !== suitOf(seq[i])) { out += SUITS[suitOf(seq[i])]; }
    }
    return out;
  }

  // -- the hand model --------------------------------------------------------------------------------

  function packTiles(p) {
    if (p.kind === "chow") { return [p.tile, p.tile + 1, p.tile + 2]; }
    var n = p.kind === "pung" ? 3 : 4, out = [];
    for (var i = 0; i < n; i++) { out.push(p.tile); }
    return out;
  }

  // The hand as the server read it, from #placed: its packs ("chow-1m-2 pung-5p-3 concealed_kong-7s")
  // and standing tiles ("1m 2m 5p", in the order written) as tokens, so this script reads no hand
  // string (the grammar is the engine's, rulesets/notation.py); or as this script last wrote it. null for
  // text neither has read: edit() then sends the edit with the form and the server makes it.
  var written = { text: null, hand: null };
  function read(text) {
    var placed = document.getElementById("placed");
    FULL = (placed && +placed.getAttribute("data-full")) || FULL;
    if (text === written.text) { return written.hand; }
    if (!placed || (text !== (placed.getAttribute("data-hand") || "") && text !== placed.getAttribute("data-read"))) {
      return null;
    }
    var tokens = function (name) { return (placed.getAttribute(name) || "").split(" ").filter(Boolean); };
    return {
      packs: tokens("data-packs").map(function (token) {
        var p = token.split("-");
        return { kind: p[0], tile: tileIndex(p[1]), digit: p.length > 2 ? +p[2] : null };
      }),
      standing: tokens("data-tiles").map(tileIndex),
    };
  }

  function size(hand) { return hand.standing.length + 3 * hand.packs.length; }
  function winning(hand) { return size(hand) === FULL && hand.standing.length ? hand.standing[hand.standing.length - 1] : null; }
  function held(hand) {
    var s = winning(hand) === null ? hand.standing : hand.standing.slice(0, -1);
    return s.slice().sort(byIndex);
  }
  // The standing tiles as written: sorted, the last one tapped (the winning tile when full) last.
  function ordered(standing) {
    return standing.slice(0, -1).sort(byIndex).concat(standing.slice(-1));
  }
  // Take the first t out of the list: the last tile (the last one tapped) only when it is the only copy.
  function take(list, t) {
    var i = list.indexOf(t);
    if (i < 0) { return false; }
    list.splice(i, 1);
    return true;
  }

  function write(hand) {
    var out = "";
    hand.packs.forEach(function (p) {
      var digit = p.digit === null ? "" : String(p.digit + (p.kind === "added_kong" ? 4 : 0));
      out += "[" + runs(packTiles(p)) + digit + "]";
    });
    return out + runs(ordered(hand.standing));
  }

  function counts(hand) {
    var c = [];
    for (var i = 0; i < 34; i++) { c.push(0); }
    hand.standing.forEach(function (t) { c[t]++; });
    hand.packs.forEach(function (p) { packTiles(p).forEach(function (t) { c[t]++; }); });
    return c;
  }

  function checked(hand) {
    var c = counts(hand);
    for (var i = 0; i < 34; i++) {
      if (c[i] > 4) { throw new Error(message("copies").replace("{tile}", tileText(i))); }
    }
    if (size(hand) > FULL) { throw new Error(message("full")); }
    return hand;
  }

  function withoutOne(list, t) {
    var out = list.slice();
    take(out, t);
    return out;
  }

  function add(hand, t, mode, digit) {
    if (mode === "standing" || !mode) {
      if (size(hand) >= FULL) { throw new Error(message("full")); }
      return checked({ packs: hand.packs, standing: hand.standing.slice().sort(byIndex).concat([t]) });
    }
    if (mode === "added_kong") {
      for (var i = 0; i < hand.packs.length; i++) {
        var p = hand.packs[i];
        if (p.kind === "pung" && p.tile === t) {
          var packs = hand.packs.slice();
          packs[i] = { kind: "added_kong", tile: t, digit: p.digit };
          return checked({ packs: packs, standing: ordered(withoutOne(hand.standing, t)) });
        }
      }
    }
    var pack;
    if (mode === "chow") {
      var low = t - (digit - 1);
      if (t >= 27 || suitOf(low) !== suitOf(t) || rankOf(low) > 7 || low < 0) { throw new Error(message("chow")); }
      pack = { kind: "chow", tile: low, digit: digit };
    } else {
      pack = { kind: mode, tile: t, digit: mode === "concealed_kong" ? null : digit };
    }
    var rest = hand.standing.slice();
    packTiles(pack).forEach(function (x) { rest = withoutOne(rest, x); });
    return checked({ packs: hand.packs.concat([pack]), standing: ordered(rest) });
  }

  function remove(hand, token) {
    var kind = token.split(":")[0], arg = token.slice(kind.length + 1);
    if (kind === "w") { return { packs: hand.packs, standing: held(hand) }; }
    if (kind === "t") {
      return { packs: hand.packs, standing: ordered(withoutOne(ordered(hand.standing), tileIndex(arg))) };
    }
    if (kind === "p") {
      var packs = hand.packs.slice();
      packs.splice(+arg, 1);
      return { packs: packs, standing: ordered(hand.standing) };
    }
    return hand;
  }

  function makeWinning(hand, text) {  // a standing tile of a full hand becomes the winning tile
    var t = tileIndex(text), rest = ordered(hand.standing);
    if (winning(hand) === null || rest.slice(0, -1).indexOf(t) < 0) { return hand; }
    rest.splice(rest.indexOf(t), 1);
    return { packs: hand.packs, standing: rest.sort(byIndex).concat([t]) };
  }

  // -- the page ----------------------------------------------------------------------------------

  var form = document.getElementById("calc");
  if (!form) { return; }
  var input = document.getElementById("id_hand");
  var notice = document.getElementById("edit-notice");
  var RECENT_KEY = "mahjong-calculator-recent";
  var RECENT_MAX = 20;

  function message(key) {
    var box = document.getElementById("palette");
    return (box && box.getAttribute("data-msg-" + key)) || key;
  }

  function current() { return read(input.value); }

  function say(text) {
    if (!notice) { return; }
    notice.textContent = text || "";
    notice.hidden = !text;
  }

  function commit(text) {
    input = document.getElementById("id_hand");
    input.value = text;
    say("");
    input.dispatchEvent(new Event("change", { bubbles: true }));
  }

  function setStanding() {
    var standing = form.querySelector('input[name="mode"][value="standing"]');
    if (standing) { standing.checked = true; }
    var from = form.querySelector('select[name="meld_from"]');
    if (from) { from.value = "1"; }  // each meld says where it came from
  }

  function value(name) {
    var el = form.querySelector('[name="' + name + '"]:checked') || form.querySelector('select[name="' + name + '"]');
    return el ? el.value : "";
  }

  // Disable a palette tile when no copy is left, or when what a tap adds would not fit in the hand
  // (a pack takes the copies it needs from the standing tiles, so it may still fit).
  function showCounts(left, hand) {
    var mode = value("mode") || "standing";
    var entered = hand ? size(hand) : 0;
    form.querySelectorAll("#palette .palette__tile").forEach(function (button) {
      var i = tileIndex(button.getAttribute("data-tile"));
      var badge = button.querySelector(".n");
      if (badge && badge.textContent !== String(left[i])) { badge.textContent = left[i]; }
      var grows = 1;
      if (mode !== "standing") {
        var mine = hand ? hand.standing.filter(function (t) { return t === i; }).length : 0;
        grows = mode === "added_kong" || mode === "chow" ? 0 : 3 - Math.min(mine, mode === "pung" ? 3 : 4);
      }
      // aria-disabled, not disabled: a tile that cannot be added keeps the focus (the 14th tile tapped
      // leaves the reader in the palette) and a tap on it says why
      // (each written only when it changes: a write restyles the tile, and the next frame paints it again)
      if (button.disabled) { button.disabled = false; }
      var no = String(left[i] <= 0 || entered + grows > FULL);
      if (button.getAttribute("aria-disabled") !== no) { button.setAttribute("aria-disabled", no); }
    });
    rove();
  }
  function off(button) { return button.disabled || button.getAttribute("aria-disabled") === "true"; }

  function countsFromServer() {
    var placed = document.getElementById("placed");
    if (!placed) { return; }
    var left = (placed.getAttribute("data-left") || "").split(",").map(Number);
    if (left.length === 34) { showCounts(left, current()); }
  }

  function countsFromHand(hand) {
    var c = counts(hand);
    showCounts(c.map(function (n) { return Math.max(0, 4 - n); }), hand);
  }

  // The edit buttons lose their name here, so that htmx, which sends the last button clicked along
  // with the form, never asks the server to make an edit this script has already made.
  function adoptButtons() {
    form.querySelectorAll('button[name="add"], button[name="remove"], button[name="clear"], button[name="make_winning"]').forEach(function (b) {
      b.setAttribute("data-action", b.getAttribute("name"));
      b.removeAttribute("name");
    });
  }

  function edit(name, arg) {  // an edit of the hand box; true when made
    var hand = name === "clear" ? { packs: [], standing: [] } : current();
    if (!hand) {  // typed text the server has not read yet: it makes the edit (as without JavaScript)
      var ask = document.createElement("input");
      ask.type = "hidden";
      ask.name = name;
      ask.value = arg || "1";
      form.appendChild(ask);
      form.requestSubmit();  // htmx sends the form at once (hx-trigger "submit"), the edit with it
      form.removeChild(ask);
      if (name === "add" && (value("mode") || "standing") !== "standing") { setStanding(); }  // as the server does
      return false;
    }
    try {
      if (name === "add") {
        var mode = value("mode") || "standing";
        var digit = +(mode === "chow" ? value("chow_claimed") : value("meld_from")) || 1;
        hand = add(hand, tileIndex(arg), mode, digit);
        if (mode !== "standing") { setStanding(); }
      } else if (name === "remove") {
        hand = remove(hand, arg);
      } else if (name === "make_winning") {
        hand = makeWinning(hand, arg);
      }
    } catch (error) {
      say(error.message);
      return false;
    }
    countsFromHand(hand);
    written = { text: write(hand), hand: hand };
    commit(written.text);
    return true;
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest("#calc button[data-action]");
    if (!button) { return; }
    event.preventDefault();
    edit(button.getAttribute("data-action"), button.value);
  });

  // A wait, an example or a recent hand: put its hand in the box instead of following the link. The page
  // stays where it is and the hand box is not focused (a phone would open its keyboard).
  document.addEventListener("click", function (event) {
    var link = event.target.closest("a[data-hand], a[data-url]");
    if (!link || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) { return; }
    event.preventDefault();
    if (link.hasAttribute("data-url")) {
      go(link.getAttribute("data-url"));
      return;
    }
    commit(link.getAttribute("data-hand"));
  });

  // -- the palette on a keyboard: one tab stop, arrow keys move, typed mpsz adds tiles ------------------

  var typed = "";
  function paletteButtons() { return Array.prototype.slice.call(form.querySelectorAll("#palette .palette__tile")); }
  function rove(target) {
    var buttons = paletteButtons(), enabled = buttons.filter(function (b) { return !off(b); });
    var keep = target || (buttons.indexOf(document.activeElement) >= 0 && document.activeElement) ||
      buttons.filter(function (b) { return b.tabIndex === 0 && !off(b); })[0] || enabled[0] || buttons[0];
    buttons.forEach(function (b) {
      var index = b === keep ? "0" : "-1";
      if (b.getAttribute("tabindex") !== index) { b.setAttribute("tabindex", index); }
    });
    return keep;
  }
  function step(from, key) {
    var rows = Array.prototype.map.call(form.querySelectorAll("#palette .palette__row"), function (row) {
      return Array.prototype.slice.call(row.querySelectorAll(".palette__tile"));
    }).filter(function (row) { return row.length; });
    var r = 0, c = 0;
    rows.forEach(function (row, i) { var j = row.indexOf(from); if (j >= 0) { r = i; c = j; } });
    if (key === "Home") { c = -1; key = "ArrowRight"; }
    if (key === "End") { c = rows[r].length; key = "ArrowLeft"; }
    for (var tries = 0; tries < 40; tries++) {  // skip the tiles that are used up
      if (key === "ArrowRight") { c++; if (c >= rows[r].length) { c = 0; r = (r + 1) % rows.length; } }
      else if (key === "ArrowLeft") { c--; if (c < 0) { r = (r + rows.length - 1) % rows.length; c = rows[r].length - 1; } }
      else if (key === "ArrowDown") { r = (r + 1) % rows.length; c = Math.min(c, rows[r].length - 1); }
      else { r = (r + rows.length - 1) % rows.length; c = Math.min(c, rows[r].length - 1); }
      var b = rows[r][c];
      if (b && !off(b)) { return b; }
    }
    return from;
  }

  // A full hand disables the tiles, and the focused one loses the focus: keys still go to the palette then.
  var inPalette = false;
  document.addEventListener("focusin", function (event) { inPalette = !!event.target.closest("#palette"); });

  document.addEventListener("keydown", function (event) {
    var button = event.target.closest && event.target.closest("#palette .palette__tile");
    var orphan = !button && inPalette && event.target === document.body;
    if ((!button && !orphan) || event.altKey || event.ctrlKey || event.metaKey) { return; }
    var key = event.key;
    if (/^(Arrow(Left|Right|Up|Down)|Home|End)$/.test(key)) {
      event.preventDefault();
      var next = button ? step(button, key) : rove();
      if (next) { rove(next).focus(); }
    } else if (/^[1-9]$/.test(key)) {
      event.preventDefault();
      typed += key;
      say(typed + "…");
    } else if (/^[mpsz]$/i.test(key) && typed) {
      event.preventDefault();
      var digits = typed, suit = key.toLowerCase();
      typed = "";
      say("");
      for (var d = 0; d < digits.length; d++) {
        if (tileIndex(digits[d] + suit) < 0 || !edit("add", digits[d] + suit)) { break; }
      }
    } else if (key === "Escape" && typed) {
      typed = "";
      say("");
    } else if (key === "Backspace") {
      var hand = current();
      if (!hand || !hand.standing.length) { return; }
      event.preventDefault();
      hand = { packs: hand.packs, standing: ordered(hand.standing).slice(0, -1) };
      countsFromHand(hand);
      commit(write(hand));
    }
  });

  // Typing already asks for the result (hx-trigger "input"); the hand box's own change event, fired when
  // it loses focus, would redraw the result under a reader who just tabbed into it.
  document.addEventListener("change", function (event) {
    if ((event.target.id === "id_hand" && event.isTrusted) || event.target.id === "chooser-find") { event.stopPropagation(); }
  }, true);

  document.addEventListener("change", function (event) {
    if (event.target.name === "mode" && event.target.closest("#calc")) {
      var hand = current();
      if (hand) { countsFromHand(hand); }
    }
  });

  // Copy buttons: data-copy holds the text, data-copy-from names the element holding it.
  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-copy], [data-copy-from]");
    if (!button) { return; }
    var from = button.getAttribute("data-copy-from");
    var text = from ? document.getElementById(from).value : button.getAttribute("data-copy");
    var done = function () {
      var label = button.textContent;
      button.textContent = button.getAttribute("data-done") || "✓";
      setTimeout(function () { button.textContent = label; }, 1500);
    };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(done, function () { say(text); });
    } else {
      say(text);
    }
  });

  // Send only what differs from the defaults, so a request does not grow with the systems chosen: each
  // system's house rules travel as one field, hr-<system> = "key-value.key-value" (the share code's
  // spelling), and a table-context control left at its default is not sent at all. ``params`` is htmx's
  // parameters or a FormData (the state's address, below): ``drop`` and ``put`` edit either.
  function compact(drop, put) {
    var changed = {};
    Array.prototype.forEach.call(form.querySelectorAll("[data-hr]"), function (el) {
      var id = el.getAttribute("data-hr"), checkbox = el.type === "checkbox";
      var value = checkbox ? (el.checked ? "1" : "0") : el.value;
      drop(el.name);
      if (!changed[id]) { changed[id] = []; }
      if (value !== el.getAttribute("data-default")) {
        changed[id].push(el.getAttribute("data-key") + "-" + (checkbox ? (el.checked ? "true" : "false") : value));
      }
    });
    Object.keys(changed).forEach(function (id) { put("hr-" + id, changed[id].join(".")); });
    Array.prototype.forEach.call(form.querySelectorAll("[name^='ctx-'][data-default]"), function (el) {
      if (el.type !== "checkbox" && el.value === el.getAttribute("data-default")) { drop(el.name); }
    });
  }
  document.body.addEventListener("htmx:configRequest", function (event) {
    var params = event.detail.parameters;
    compact(function (name) { delete params[name]; }, function (name, value) { params[name] = value; });
  });

  // The address of what the form holds now (typed text not sent yet included): the language switch
  // goes there, so nothing entered is lost (static/js/site.js).
  window.mahjongStateUrl = function () {
    var data = new FormData(form);
    compact(function (name) { data.delete(name); }, function (name, value) { data.set(name, value); });
    var query = new URLSearchParams(data).toString();
    return location.pathname + (query ? "?" + query : "");
  };

  // Tell the server what each part of the page shows, so that it sends only the parts that changed.
  document.body.addEventListener("htmx:configRequest", function (event) {
    event.detail.headers["X-Parts"] = Array.prototype.map.call(document.querySelectorAll("[data-sig]"), function (el) {
      return el.id + ":" + el.getAttribute("data-sig");
    }).join(",");
  });

  // -- history: every change is an entry; Back and Undo step back -------------------------------------

  function depth() { return (history.state && history.state.calc) || 0; }
  function here() { return location.pathname + location.search; }
  // The address whose state the page shows. A link to a part of the page (the summary's "#context") is a
  // navigation too, and fires popstate: the address without its fragment is still this one, and the
  // page must not be drawn again from the server (that answer, arriving after a newer change's, would
  // put the older state back).
  var shown = here();
  var restoring = 0;  // the page drawn again last asked (restore, below)

  // The entry is pushed once the request is on its way (a microtask runs when the script that asked
  // for it returns, after htmx sent it): the browser's own work for a new entry (several ms) then
  // overlaps the server's, instead of holding the request back.
  document.body.addEventListener("htmx:beforeRequest", function (event) {
    if (event.detail.elt !== form) { return; }
    restoring++;  // a change asked now is newer than any page being drawn again
    var path = event.detail.pathInfo && event.detail.pathInfo.finalRequestPath;
    if (!path || path === shown) { return; }
    shown = path;
    queueMicrotask(function () {
      history.pushState({ calc: depth() + 1 }, "", path);
      shown = here();
      showUndo();
    });
  });

  function showUndo() {
    var undo = document.getElementById("undo");
    if (undo) { undo.hidden = depth() === 0; }
  }

  document.addEventListener("click", function (event) {
    if (event.target.closest("#undo")) {
      event.preventDefault();
      if (depth() > 0) { history.back(); }
    }
  });

  // Draw the page of the current address again: the form is replaced by the server's, as it was then.
  function restore() {
    var ticket = ++restoring;
    shown = here();
    if (window.htmx) { window.htmx.trigger(form, "htmx:abort"); }  // an older change's answer must not land after
    fetch(here(), { credentials: "same-origin", headers: { Accept: "text/html" } })
      .then(function (response) { return response.text(); })
      .then(function (html) {
        if (ticket !== restoring) { return; }
        var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("calc");
        if (!fresh) { return; }
        var y = window.scrollY;
        form.replaceWith(fresh);
        form = fresh;
        input = document.getElementById("id_hand");
        notice = document.getElementById("edit-notice");
        if (window.htmx) { window.htmx.process(form); }
        window.scrollTo(0, y);
        ready();
      });
  }

  function go(url) {
    history.pushState({ calc: depth() + 1 }, "", url);
    restore();
  }

  window.addEventListener("popstate", function () {
    if (document.getElementById("calc") && here() !== shown) { restore(); }
  });

  // -- recent hands: the last 20 scored, in this browser only ----------------------------------------

  function stored() {
    try { return localStorage.getItem(RECENT_KEY) || "[]"; } catch (e) { return "[]"; }
  }
  function recent(raw) {
    try { return JSON.parse(raw || stored()) || []; } catch (e) { return []; }
  }

  function remember() {
    var summary = document.getElementById("summary");
    var totals = document.getElementById("summary-totals");
    if (!summary || !totals || !totals.querySelector("a.summary-bar__item")) { return; }
    var code = summary.getAttribute("data-code"), hand = summary.getAttribute("data-hand");
    if (!code) { return; }
    var raw = stored();
    var list = recent(raw).filter(function (r) { return r.code !== code; });
    list.unshift({ code: code, hand: hand, text: totals.textContent.replace(/\s+/g, " ").trim(), url: here() });
    var next = JSON.stringify(list.slice(0, RECENT_MAX));
    if (next === raw) { return; }  // the same hand drawn again (a part of the page changed, not the result)
    try { localStorage.setItem(RECENT_KEY, next); } catch (e) { /* full or off */ }
  }

  var listed = { ol: null, raw: null };  // the list as last drawn, and where
  function showRecent() {
    var box = document.getElementById("recent"), ol = document.getElementById("recent-list");
    if (!box || !ol) { return; }
    var raw = stored();
    if (listed.ol === ol && listed.raw === raw) { return; }
    listed = { ol: ol, raw: raw };
    var list = recent(raw);
    ol.textContent = "";
    list.forEach(function (r) {
      var li = document.createElement("li"), a = document.createElement("a"), code = document.createElement("code");
      a.href = r.url;
      a.setAttribute("data-url", r.url);
      a.className = "recent__hand";
      code.textContent = r.hand;
      a.appendChild(code);
      a.appendChild(document.createTextNode(" " + r.text));
      li.appendChild(a);
      ol.appendChild(li);
    });
    box.hidden = list.length === 0;
  }

  // -- after every change --------------------------------------------------------------------------

  // -- the table's game: find it by a name players use; a pick closes the chooser; the browser remembers it

  var picked = false;
  document.addEventListener("click", function (event) {
    if (event.target.closest("#chooser button[name='table']")) { picked = true; }
  });
  document.addEventListener("input", function (event) {
    if (event.target.id !== "chooser-find") { return; }
    event.stopPropagation();
    var words = event.target.value.trim().toLowerCase().split(/\s+/).filter(Boolean), any = false;
    document.querySelectorAll("#chooser .chooser__group").forEach(function (group) {
      var shown = 0;
      group.querySelectorAll(".chooser__entry").forEach(function (entry) {
        var text = entry.getAttribute("data-find") || "";
        entry.hidden = !words.every(function (w) { return text.indexOf(w) >= 0; });
        if (!entry.hidden) { shown++; }
      });
      group.hidden = shown === 0;
      any = any || shown > 0;
    });
    var none = document.querySelector("#chooser .chooser__none");
    if (none) { none.hidden = any; }
  }, true);
  document.addEventListener("keydown", function (event) {  // Enter in the finder picks the only game found
    if (event.target.id !== "chooser-find" || event.key !== "Enter") { return; }
    event.preventDefault();
    var found = Array.prototype.filter.call(document.querySelectorAll("#chooser .chooser__entry"), function (e) {
      return !e.hidden && !e.closest("[hidden]");
    });
    if (found.length === 1) { found[0].querySelector(".chooser__pick").click(); }
  });

  var tableKept = null;  // the cookie as this page last wrote it
  function rememberTable() {
    var chooser = document.getElementById("chooser");
    var query = chooser && chooser.getAttribute("data-remember");
    if (query && query !== tableKept) {
      tableKept = query;
      document.cookie = "mahjong-table=" + encodeURIComponent(query) + "; path=/; max-age=34560000; samesite=lax" +
        (location.protocol === "https:" ? "; secure" : "");
    }
  }

  // Keep folded panels as the reader left them, and the scroll position, when htmx redraws them (not the
  // chooser once a game is picked from it).
  var open = [], scrolled = 0;
  document.body.addEventListener("htmx:beforeRequest", function () {
    open = Array.prototype.map.call(form.querySelectorAll("details[id][open]"), function (d) { return d.id; })
      .filter(function (id) { return !(picked && id === "chooser"); });
    picked = false;
  });
  document.body.addEventListener("htmx:beforeSwap", function () { scrolled = window.scrollY; });
  var settled = null;
  document.body.addEventListener("htmx:afterSettle", function (event) {
    // once a swap: htmx tells every element it settled (the result and each part out of band), each time
    // with the swap's one detail object; by then every one of them is in place
    if (event.detail && event.detail === settled) { return; }
    settled = event.detail;
    open.forEach(function (id) {
      var d = document.getElementById(id);
      if (d) { d.open = true; }
    });
    ready();  // before the scroll is put back: what it redraws (the recent hands) may move the page
    if (Math.abs(window.scrollY - scrolled) > 1) { window.scrollTo(0, scrolled); }
  });

  function ready() {
    input = document.getElementById("id_hand");
    var problem = document.querySelector("#hand-problem .alert--error");
    if (problem) { input.setAttribute("aria-invalid", "true"); } else { input.removeAttribute("aria-invalid"); }
    adoptButtons();
    countsFromServer();
    showUndo();
    remember();
    rememberTable();
    showRecent();
  }

  ready();
}());
