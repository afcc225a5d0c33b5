// The pages' language: chosen from the browser's languages (or the switch, remembered), the words of
// that language (GET /i18n/LANG.json: English text -> translation, from the catalogs of the web and of
// every game; a plural message's English singular -> its forms), and numbers and money formatted the
// way that language writes them.
//
//   await loadWords();              once, before anything is drawn
//   t("Seat {n}", { n: 2 })         the words in the page's language, {name} placeholders filled in
//   tn(3, "{n} point", "{n} points")  the form the language's plural rules choose
//   labelled("Ann", 3)              "Ann: 3" / "Ann : 3" (a label and its value, the language's way)
//   money(80000)                    "$80,000" / "80 000 $" / "80.000 $"
//   percent(0.401)                  "40.1%" / "40,1 %" / "40,1 %" (every chance on the pages)
//   translatePage()                 the static HTML: [data-i18n] text, [data-i18n-title|-placeholder|-aria-label]

export const LANGUAGES = { en: "English", fr: "Français", de: "Deutsch" };
const KEY = "highroller:lang";
let words = {};

/** The page's language: the one chosen with the switch, else the browser's first supported one, else English. */
export function language() {
  const chosen = localStorage.getItem(KEY);
  if (chosen && chosen in LANGUAGES) return chosen;
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (base in LANGUAGES) return base;
  }
  return "en";
}

/** Choose a language (remembered in this browser) and draw the page again in it. */
export function setLanguage(lang) {
  if (!(lang in LANGUAGES)) return;
  localStorage.setItem(KEY, lang);
  location.reload();
}

/** Fetch the words of the page's language; English needs none. */
export async function loadWords() {
  const lang = language();
  document.documentElement.lang = lang;
  if (lang === "en") return;
  try {
    const response = await fetch(`/i18n/${lang}.json`);
    if (response.ok) words = await response.json();
  } catch {
    words = {};
  }
}

function filled(text, values) {
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

/** `text` (English, the catalogs' key) in the page's language, with `{name}` placeholders filled in. */
export function t(text, values = {}) {
  const found = words[text];
  return filled((Array.isArray(found) ? found[0] : found) || text, values);
}

/** Like t, for words around page elements: `{name}` placeholders found in `nodes` become those nodes
(e.g. a name in a <bdi>); returns the pieces, strings and nodes, for an element builder. */
export function tNodes(text, values = {}, nodes = {}) {
  return t(text, values).split(/(\{\w+\})/).map((piece) => {
    const name = piece.match(/^\{(\w+)\}$/);
    return name && name[1] in nodes ? nodes[name[1]] : piece;
  }).filter((piece) => piece !== "");
}

/** Plural choice: the form the language's plural rules choose for n (English: `one` when n is 1,
else `other`); `{n}` is the number formatted. */
export function tn(n, one, other, values = {}) {
  const single = new Intl.PluralRules(language()).select(n) === "one";
  const forms = words[one];
  const all = { ...values, n: number(n) };
  if (Array.isArray(forms)) return filled(single ? forms[0] : forms[forms.length - 1], all);
  return t(single ? one : other, all);
}

/** A label and its value, as the language writes them: "Ann: 3", in French with a narrow no-break space before the colon. */
export function labelled(label, value) {
  return t("{label}: {value}", { label, value });
}

export function number(value) {
  return new Intl.NumberFormat(language()).format(value);
}

/** A chance (0 to 1) as the language writes a percentage, to one decimal: "40.1%", "40,1 %". */
export function percent(chance) {
  const kept = Math.min(1, Math.max(0, Number(chance) || 0)); // never "-0%"
  return new Intl.NumberFormat(language(), { style: "percent", maximumFractionDigits: 1 }).format(kept);
}

function unit(value, name) {
  return new Intl.NumberFormat(language(), { style: "unit", unit: name, unitDisplay: "short" }).format(value);
}

/** Time left as the language writes it, to the minute once it is an hour or more: "2:05",
"3 h 20 min", "2 days 4 h" ("3 Std. 20 Min.", "2 j 4 h"). */
export function duration(seconds) {
  const left = Math.max(0, Math.ceil(seconds));
  if (left < 3600) return `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
  const minutes = Math.floor(left / 60);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  if (days) return hours ? `${unit(days, "day")} ${unit(hours, "hour")}` : unit(days, "day");
  const rest = minutes % 60;
  return rest ? `${unit(hours, "hour")} ${unit(rest, "minute")}` : unit(hours, "hour");
}

export function money(amount) {
  return new Intl.NumberFormat(language(), { style: "currency", currency: "USD", currencyDisplay: "narrowSymbol", maximumFractionDigits: 0 }).format(amount);
}

/** Translate the static HTML: an element's text with data-i18n, and its title, placeholder or aria-label. */
export function translatePage(root = document) {
  for (const node of root.querySelectorAll("[data-i18n]")) node.textContent = t(node.textContent.trim());
  for (const attribute of ["title", "placeholder", "aria-label"]) {
    for (const node of root.querySelectorAll(`[data-i18n-${attribute}]`)) node.setAttribute(attribute, t(node.getAttribute(attribute)));
  }
}

/** A language switch: a labelled select that reloads the page in the chosen language. */
export function languageSwitch(h) {
  const current = language();
  const select = h("select", { id: "language", "aria-label": t("Language"), onchange: (event) => setLanguage(event.target.value) },
    Object.entries(LANGUAGES).map(([code, name]) => h("option", { value: code, selected: code === current }, name)));
  return select;
}
