import { describe, expect, it } from "vitest";
import { applyFormat } from "./markdown-format";

const selected = (edit: { value: string; selectionStart: number; selectionEnd: number }) =>
  edit.value.slice(edit.selectionStart, edit.selectionEnd);

describe("applyFormat", () => {
  it("wraps the selection in bold or italic markers and keeps it selected", () => {
    const bold = applyFormat("Use sharp pruners", 4, 9, "bold");
    expect(bold.value).toBe("Use **sharp** pruners");
    expect(selected(bold)).toBe("sharp");
    expect(applyFormat("Use sharp pruners", 4, 9, "italic").value).toBe("Use *sharp* pruners");
  });

  it("inserts a selected placeholder when nothing is selected", () => {
    const edit = applyFormat("Tip: ", 5, 5, "bold");
    expect(edit.value).toBe("Tip: **bold text**");
    expect(selected(edit)).toBe("bold text");
  });

  it("turns selected text into a link and selects the address to type", () => {
    const edit = applyFormat("See the guide", 8, 13, "link");
    expect(edit.value).toBe("See the [guide](https://)");
    expect(selected(edit)).toBe("https://");
    expect(selected(applyFormat("", 0, 0, "link"))).toBe("link text");
  });

  it("prefixes every selected line for lists, numbered lists, quotes and headings", () => {
    const text = "intro\none\ntwo\nafter";
    const start = text.indexOf("one");
    const end = text.indexOf("two") + 3;
    expect(applyFormat(text, start, end, "bulleted").value).toBe("intro\n- one\n- two\nafter");
    expect(applyFormat(text, start, end, "numbered").value).toBe("intro\n1. one\n2. two\nafter");
    expect(applyFormat(text, start + 1, start + 1, "quote").value).toBe("intro\n> one\ntwo\nafter");
    expect(applyFormat("Tools", 0, 0, "heading").value).toBe("## Tools");
  });

  it("leaves the line after a selection of whole lines alone", () => {
    const text = "one\ntwo\nthree";
    expect(applyFormat(text, 0, 8, "bulleted").value).toBe("- one\n- two\nthree");
    expect(applyFormat("\nsecond", 0, 0, "heading").value).toBe("## \nsecond");
  });
});
