export type Format = "heading" | "bold" | "italic" | "bulleted" | "numbered" | "quote" | "link";

export interface Edit {
  value: string;
  selectionStart: number;
  selectionEnd: number;
}

const WRAPS: Partial<Record<Format, { before: string; after: string; placeholder: string }>> = {
  bold: { before: "**", after: "**", placeholder: "bold text" },
  italic: { before: "*", after: "*", placeholder: "italic text" },
  link: { before: "[", after: "](https://)", placeholder: "link text" },
};

const PREFIXES: Partial<Record<Format, (index: number) => string>> = {
  heading: () => "## ",
  bulleted: () => "- ",
  numbered: (index) => `${index + 1}. `,
  quote: () => "> ",
};

/**
 * Applies a toolbar format to the selected text of a Markdown textarea. Inline formats wrap the selection
 * (or a placeholder, left selected for typing over); block formats prefix every selected line.
 */
export function applyFormat(value: string, start: number, end: number, format: Format): Edit {
  const wrap = WRAPS[format];
  if (wrap) {
    const selected = value.slice(start, end) || wrap.placeholder;
    const next = value.slice(0, start) + wrap.before + selected + wrap.after + value.slice(end);
    if (format === "link" && value.slice(start, end)) {
      // With the text given, what is left to type is the address.
      const urlStart = start + wrap.before.length + selected.length + 2;
      return { value: next, selectionStart: urlStart, selectionEnd: urlStart + "https://".length };
    }
    const selectionStart = start + wrap.before.length;
    return { value: next, selectionStart, selectionEnd: selectionStart + selected.length };
  }

  const prefix = PREFIXES[format] ?? (() => "");
  const lineStart = start === 0 ? 0 : value.lastIndexOf("\n", start - 1) + 1;
  // A selection of whole lines ends after a line break; the line after it is not part of it.
  const last = end > start && value[end - 1] === "\n" ? end - 1 : end;
  const nextBreak = value.indexOf("\n", last);
  const lineEnd = nextBreak === -1 ? value.length : nextBreak;
  const lines = value.slice(lineStart, lineEnd).split("\n");
  const block = lines.map((line, index) => prefix(index) + line).join("\n");
  const next = value.slice(0, lineStart) + block + value.slice(lineEnd);
  return { value: next, selectionStart: lineStart + prefix(0).length, selectionEnd: lineStart + block.length };
}
