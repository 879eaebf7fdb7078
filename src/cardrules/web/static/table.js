// The page of `cardrules serve`: one seat of a cardrules Table over a websocket.
// It draws whatever the table's messages hold (every game's view differs) and sends
// {"move": id} / {"text": "..."} with the version of the message it answers.
"use strict";

const SUIT_NAMES = { "♠": "spades", "♥": "hearts", "♦": "diamonds", "♣": "clubs" };
const SUIT_LETTERS = { S: "♠", H: "♥", D: "♦", C: "♣" };
const RANK_NAMES = { A: "ace", K: "king", Q: "queen", J: "jack", T: "ten" };
const CARD = /^(10|[2-9TJQKA])([♠♥♦♣])$/;
const CARDS_IN_TEXT = /(10|[2-9TJQKA])([♠♥♦♣])/g;
// View fields drawn in their own places, not listed under "Details".
const SHOWN_ELSEWHERE = new Set([
  "family", "seat", "hand", "hand_sizes", "scores", "round_scores", "penalties", "to_move",
  "winners", "legal_moves", "trick", "tricks", "top", "discard", "turned_up", "stock_size",
]);

let socket = null;
let mySeat = null;
let humanSeats = [];
let bots = {};
let state = null;
let log = [];

const $ = (id) => document.getElementById(id);

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (key === "class") node.className = value;
    else node.setAttribute(key, value);
  }
  for (const child of children) {
    if (child !== null && child !== undefined) {
      node.append(typeof child === "string" ? document.createTextNode(child) : child);
    }
  }
  return node;
}

function seatName(seat) {
  if (seat === null || seat === undefined) return "nobody";
  return seat === mySeat ? `Seat ${seat} (you)` : `Seat ${seat}`;
}

function cardLabel(rank, suit) {
  return `${RANK_NAMES[rank] || rank} of ${SUIT_NAMES[suit]}`;
}

// A card as a tile: rank and suit symbol, red suits red, read out as "queen of spades".
function cardTile(text, size) {
  const match = CARD.exec(text);
  const [, rank, suit] = match;
  const red = suit === "♥" || suit === "♦";
  return el(
    "span",
    { class: `card ${red ? "red" : "black"} ${size || ""}`, role: "img",
      "aria-label": cardLabel(rank, suit), "data-card": text },
    el("span", { class: "rank", "aria-hidden": "true" }, rank),
    el("span", { class: "suit", "aria-hidden": "true" }, suit),
  );
}

function suitNode(symbol) {
  const red = symbol === "♥" || symbol === "♦";
  return el("span", { class: red ? "suit-name red" : "suit-name" }, `${symbol} ${SUIT_NAMES[symbol]}`);
}

// Text with the cards in it drawn as small inline cards.
function richText(text) {
  const span = el("span", {});
  let last = 0;
  for (const match of String(text).matchAll(CARDS_IN_TEXT)) {
    span.append(text.slice(last, match.index));
    span.append(cardTile(match[0], "inline"));
    last = match.index + match[0].length;
  }
  span.append(String(text).slice(last));
  return span;
}

// Any value of a view's data: cards as cards, lists and objects spelled out.
function valueNode(value) {
  if (value === null || value === undefined) return el("span", { class: "none" }, "—");
  if (typeof value === "string") return CARD.test(value) ? cardTile(value, "small") : richText(value);
  if (typeof value !== "object") return el("span", {}, String(value));
  if (Array.isArray(value)) {
    if (value.length === 0) return el("span", { class: "none" }, "none");
    const list = el("span", { class: "list" });
    value.forEach((item, i) => {
      if (i > 0) list.append(" ");
      // A list inside a list (one per seat, say) kept together in brackets.
      list.append(Array.isArray(item) ? el("span", { class: "group" }, "(", valueNode(item), ")") : valueNode(item));
    });
    return list;
  }
  const list = el("span", { class: "object" });
  for (const [key, item] of Object.entries(value)) {
    list.append(el("span", { class: "field" }, `${words(key)}: `, valueNode(item)));
  }
  return list;
}

function words(key) {
  return key.replace(/_/g, " ");
}

function showTrick(trick) {
  // A trick as data: its cards with the seats that played them when the form says so.
  if (trick && Array.isArray(trick.cards) && Number.isInteger(trick.leader)) {
    const box = el("div", { class: "trick" });
    const seats = Array.isArray(trick.seats) ? trick.seats : [];
    trick.cards.forEach((card, i) => {
      const seat = seats[i] ?? (trick.leader + i) % state.players;
      box.append(el("figure", {}, CARD.test(card) ? cardTile(card, "big") : valueNode(card),
        el("figcaption", {}, seatName(seat))));
    });
    if (trick.cards.length === 0) box.append(el("p", { class: "none" }, "No card played yet."));
    return box;
  }
  return valueNode(trick);
}

function centrePart(label, content) {
  return el("div", { class: "part" }, el("h3", {}, label), content);
}

function render() {
  const view = state.view || {};
  document.title = `${state.game} — ${mySeat === null ? "watching" : "seat " + mySeat}`;
  $("title").textContent = state.game.replace(/_/g, " ");
  $("who").textContent = mySeat === null ? "You are watching." : `You are seat ${mySeat}.`;
  let status;
  if (state.over) {
    const winners = (state.winners || []).map(seatName).join(", ") || "nobody";
    status = `The game is over. Winner: ${winners}.`;
  } else if (state.to_move === mySeat) {
    status = "Your turn.";
  } else {
    status = `${seatName(state.to_move)} to move.`;
  }
  if (state.moves.length > 0 && state.to_move !== mySeat && !state.over) {
    status += " You may call out of turn.";
  }
  $("status").textContent = status;
  $("status").className = state.to_move === mySeat && !state.over ? "yours" : "";

  // The centre: the trick, the top card, the piles.
  const centre = $("centre");
  centre.replaceChildren();
  if ("trick" in view) centre.append(centrePart("Trick", showTrick(view.trick)));
  if ("top" in view && view.top) {
    centre.append(centrePart("Top card", CARD.test(view.top) ? cardTile(view.top, "big") : valueNode(view.top)));
  }
  if ("turned_up" in view && view.turned_up) centre.append(centrePart("Turned up", valueNode(view.turned_up)));
  const piles = [];
  if (Array.isArray(view.discard)) piles.push(`discard pile: ${view.discard.length}`);
  if ("stock_size" in view) piles.push(`stock: ${view.stock_size}`);
  if (Array.isArray(view.tricks)) piles.push(`tricks played: ${view.tricks.length}`);
  if (piles.length) centre.append(centrePart("Piles", el("p", {}, piles.join(", "))));
  if (Array.isArray(view.tricks) && view.tricks.length > 0) {
    centre.append(centrePart("Last trick", showTrick(view.tricks[view.tricks.length - 1])));
  }

  // The seats: hand sizes and scores.
  const body = $("seats").querySelector("tbody");
  body.replaceChildren();
  const deal = view.round_scores || view.penalties || [];
  for (let seat = 0; seat < state.players; seat++) {
    const size = (view.hand_sizes || [])[seat];
    const name = seatName(seat) + (seat in bots ? ` · ${bots[seat]}` : "");
    const row = el("tr", { class: seat === state.to_move ? "to-move" : "" },
      el("th", { scope: "row" }, (seat === state.to_move ? "▶ " : "") + name),
      el("td", {}, size === undefined ? "—" : String(size)),
      el("td", {}, String((state.scores || [])[seat] ?? "—")),
      el("td", {}, String(deal[seat] ?? "—")));
    body.append(row);
  }

  // The hand.
  const hand = $("hand");
  hand.replaceChildren();
  $("hand-section").hidden = mySeat === null;
  for (const card of view.hand || []) hand.append(CARD.test(card) ? cardTile(card, "big") : valueNode(card));
  if ((view.hand || []).length === 0) hand.append(el("p", { class: "none" }, "No cards."));

  // The moves, keeping the keyboard focus where it was.
  const moves = $("moves");
  const focused = moves.contains(document.activeElement)
    ? [...moves.children].indexOf(document.activeElement) : -1;
  moves.replaceChildren();
  $("moves-section").hidden = mySeat === null;
  state.moves.forEach((move, i) => {
    const button = el("button", { type: "button", class: "move", "data-move-id": String(move.id) });
    if (i < 9) button.append(el("kbd", { "aria-hidden": "true" }, String(i + 1)));
    const text = richText(move.text);
    text.className = "move-text";
    button.append(text);
    button.addEventListener("click", () => send({ move: move.id }));
    moves.append(button);
  });
  if (state.moves.length === 0) {
    moves.append(el("p", { class: "none" }, state.over ? "The game is over." : "Nothing to do: wait for your turn."));
  }
  if (focused >= 0) {
    const buttons = moves.querySelectorAll("button");
    if (buttons.length) buttons[Math.min(focused, buttons.length - 1)].focus();
    else $("move-text").focus();
  }

  // Everything else the view holds, as it is.
  const details = $("details");
  details.replaceChildren();
  for (const [key, value] of Object.entries(view)) {
    if (SHOWN_ELSEWHERE.has(key)) continue;
    const shown = key === "suit" && value in SUIT_LETTERS ? suitNode(SUIT_LETTERS[value]) : valueNode(value);
    details.append(el("dt", {}, words(key)), el("dd", {}, shown));
  }
}

function renderLog(entries, start) {
  const list = $("log");
  if (start < log.length) {
    log = log.slice(0, start);
    list.replaceChildren(...[...list.children].slice(0, start));
  }
  for (const entry of entries) {
    log.push(entry);
    list.append(el("li", {}, richText(entry.text)));
  }
  list.scrollTop = list.scrollHeight;
}

function send(request) {
  if (!socket || socket.readyState !== WebSocket.OPEN || !state) return;
  $("error").textContent = "";
  socket.send(JSON.stringify({ ...request, version: state.version }));
}

function receive(event) {
  const message = JSON.parse(event.data);
  if (message.type === "welcome") {
    mySeat = message.seat;
    humanSeats = message.human_seats;
    bots = message.bots || {};
    const query = `?seat=${mySeat === null ? "watch" : mySeat}`;
    if (location.search !== query) history.replaceState(null, "", query);
    const nav = $("seats-nav");
    nav.replaceChildren("Open a seat: ");
    for (const seat of humanSeats) {
      nav.append(el("a", { href: `?seat=${seat}`, target: "_blank" }, `seat ${seat}`), " ");
    }
    nav.append(el("a", { href: "?seat=watch", target: "_blank" }, "watch"));
  } else if (message.type === "state") {
    state = message;
    renderLog(message.log, message.log_start);
    render();
    document.body.dataset.version = String(message.version);
  } else if (message.type === "error") {
    $("error").textContent = message.error;
    document.body.dataset.errors = String(Number(document.body.dataset.errors || 0) + 1);
  }
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const seat = new URLSearchParams(location.search).get("seat");
  const query = seat === null ? "" : `?seat=${encodeURIComponent(seat)}`;
  socket = new WebSocket(`${scheme}://${location.host}/ws${query}`);
  socket.addEventListener("message", receive);
  socket.addEventListener("close", () => {
    $("status").textContent = "Disconnected from the table. Reload the page to join again.";
  });
}

document.addEventListener("keydown", (event) => {
  const typing = event.target instanceof HTMLInputElement;
  if (typing || event.ctrlKey || event.metaKey || event.altKey) return;
  if (/^[1-9]$/.test(event.key)) {
    const button = $("moves").querySelectorAll("button")[Number(event.key) - 1];
    if (button) {
      event.preventDefault();
      button.focus();
      button.click();
    }
  } else if (event.key === "/") {
    event.preventDefault();
    $("move-text").focus();
  }
});

document.addEventListener("DOMContentLoaded", () => {
  $("type-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = $("move-text").value.trim();
    if (text) {
      send({ text });
      $("move-text").value = "";
    }
  });
  connect();
});
