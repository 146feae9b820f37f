/**
 * Bodies the fuzzer sends are built from these nodes, not plain objects, so a body can hold keys a
 * JavaScript object cannot (`__proto__` as an own key) and raw JSON text (nesting 100,000 deep,
 * which JSON.stringify would not survive) and still be printed short in a report.
 */
export class Obj {
  /** @param {[string, unknown][]} entries */
  constructor(entries) {
    this.entries = entries;
  }
}

export class Raw {
  /** @param {string} text JSON text sent as is @param {string} label how a report shows it */
  constructor(text, label) {
    this.text = text;
    this.label = label;
  }
}

export function toJson(v) {
  if (v instanceof Raw) return v.text;
  if (v instanceof Obj) return `{${v.entries.map(([k, x]) => `${JSON.stringify(k)}:${toJson(x)}`).join(",")}}`;
  if (Array.isArray(v)) return `[${v.map(toJson).join(",")}]`;
  if (typeof v === "number" && !Number.isFinite(v)) return "null";
  return JSON.stringify(v) ?? "null";
}

/** Long runs of one character as <'x'×N>, so a 100k string reads as one. */
export function squeeze(s, max = 600) {
  const short = s.replace(/(.)\1{40,}/gsu, (run, c) => `<${JSON.stringify(c)}×${[...run].length}>`);
  return short.length > max ? `${short.slice(0, max)}… (${short.length} chars)` : short;
}

/** A body as a report shows it: raw parts by their label, long runs squeezed. */
export function preview(v) {
  if (v instanceof Raw) return v.label;
  if (v instanceof Obj)
    return `{${v.entries.map(([k, x]) => `${squeeze(JSON.stringify(k), 120)}:${preview(x)}`).join(",")}}`;
  if (Array.isArray(v)) return `[${v.map(preview).join(",")}]`;
  if (typeof v === "string") return squeeze(JSON.stringify(v), 300);
  if (typeof v === "number" && !Number.isFinite(v)) return "null";
  return JSON.stringify(v) ?? "null";
}

/** Every node of a value with a way to replace it: [path, set(newValue)]. */
export function slots(v, path = []) {
  const out = [];
  if (v instanceof Obj) {
    v.entries.forEach((entry, i) => {
      out.push([[...path, entry[0]], (n) => (v.entries[i] = [entry[0], n]), () => v.entries.splice(i, 1)]);
      out.push(...slots(entry[1], [...path, entry[0]]));
    });
  } else if (Array.isArray(v)) {
    v.forEach((x, i) => {
      out.push([[...path, i], (n) => (v[i] = n), () => v.splice(i, 1)]);
      out.push(...slots(x, [...path, i]));
    });
  }
  return out;
}

/** A deep copy (generated values are shared by fast-check between samples). */
export function clone(v) {
  if (v instanceof Obj) return new Obj(v.entries.map(([k, x]) => [k, clone(x)]));
  if (Array.isArray(v)) return v.map(clone);
  return v;
}
