import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ColumnChart, HorizontalBarChart, type BarDatum, type ColumnDatum } from "./charts";

// The charts are rendered as the server renders them: at their fallback width of 560, since there is no
// screen to measure. At that width a bar chart's plot runs from x = 132 (after the row labels) to 524,
// and a column chart's from x = 48 to 552, between y = 18 and 210.

const renderBars = (data: BarDatum[]) =>
  renderToStaticMarkup(
    createElement(HorizontalBarChart, {
      id: "chart-test",
      title: "Wholesalers per state",
      subtitle: "Every state with at least one listing.",
      categoryLabel: "State",
      valueLabel: "Wholesalers",
      data,
      barClassName: "fill-rose-brand",
    }),
  );

const renderColumns = (data: ColumnDatum[]) =>
  renderToStaticMarkup(
    createElement(ColumnChart, {
      id: "chart-test",
      title: "New subscribers per week",
      subtitle: "Newsletter sign-ups by week.",
      xLabel: "Week starting",
      yLabel: "New subscribers",
      data,
      barClassName: "fill-plum",
      emptyText: "No sign-ups in these weeks yet",
    }),
  );

/** The text of every <text> in `markup`. */
const texts = (markup: string) => [...markup.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((match) => match[1] ?? "");

/** The tick labels of the value axis (the <g data-axis="value"> group of the chart's SVG). */
function tickLabels(markup: string): string[] {
  const start = markup.indexOf('<g data-axis="value">');
  expect(start, "the value axis").toBeGreaterThanOrEqual(0);
  return texts(markup.slice(start, markup.indexOf("</g></g>", start)));
}

/** A number attribute of an element, to a thousandth (d3's arithmetic leaves floating-point dust). */
const attribute = (element: string, name: string) =>
  Math.round(Number(new RegExp(`\\s${name}="([^"]*)"`).exec(element)?.[1]) * 1000) / 1000;

/** The position and size of each bar (the SVG's <rect>s, in order). */
const bars = (markup: string) =>
  [...markup.matchAll(/<rect [^>]*>/g)].map(([rect]) => ({
    x: attribute(rect, "x"),
    y: attribute(rect, "y"),
    width: attribute(rect, "width"),
    height: attribute(rect, "height"),
  }));

const barTicks = (...values: number[]) => tickLabels(renderBars(values.map((value, index) => ({ label: `Row ${index}`, value }))));

describe("value axis ticks", () => {
  it("run from 0 to a round top at or above the largest value, in steps of 1, 2 or 5 times a power of ten", () => {
    expect(barTicks(4, 1)).toEqual(["0", "1", "2", "3", "4"]);
    expect(barTicks(7, 2)).toEqual(["0", "2", "4", "6", "8"]);
    expect(barTicks(13)).toEqual(["0", "5", "10", "15"]);
    expect(barTicks(100)).toEqual(["0", "20", "40", "60", "80", "100"]);
    expect(barTicks(230)).toEqual(["0", "50", "100", "150", "200", "250"]);
    expect(barTicks(4_900)).toEqual(["0", "1,000", "2,000", "3,000", "4,000", "5,000"]);
  });

  it("never step by less than one, since the values are counts", () => {
    expect(barTicks(1)).toEqual(["0", "1"]);
    expect(barTicks(2, 1)).toEqual(["0", "1", "2"]);
    expect(barTicks(3)).toEqual(["0", "1", "2", "3"]);
  });

  it("run from 0 to 1 when there is nothing to count", () => {
    expect(barTicks(0, 0)).toEqual(["0", "1"]);
    expect(barTicks()).toEqual(["0", "1"]);
  });
});

describe("HorizontalBarChart", () => {
  const data = [
    { label: "California", value: 7 },
    { label: "New York", value: 6 },
    { label: "Texas", value: 3 },
    { label: "Ohio", value: 0 },
  ];
  const markup = renderBars(data);

  it("draws one bar per row, 16 high in rows of 28, as long as its value on an axis from 0 to 8", () => {
    const drawn = bars(markup);
    expect(drawn).toHaveLength(4);
    // The plot is 392 wide, so one wholesaler is 49.
    expect(drawn.map((bar) => bar.x)).toEqual([132, 132, 132, 132]);
    expect(drawn.map((bar) => bar.width)).toEqual([343, 294, 147, 0]);
    expect(drawn.map((bar) => bar.y)).toEqual([30, 58, 86, 114]);
    expect(drawn.map((bar) => bar.height)).toEqual([16, 16, 16, 16]);
  });

  it("labels each row and the end of each bar, and names the axes", () => {
    expect(texts(markup)).toEqual(
      expect.arrayContaining(["State", "Wholesalers", "California", "7", "New York", "6", "Texas", "3", "Ohio"]),
    );
    // The tick lines: solid at 0, dashed after, spread over the plot.
    const lines = [...markup.matchAll(/<line [^>]*>/g)].map(([line]) => line);
    expect(lines.map((line) => attribute(line, "x1"))).toEqual([132, 230, 328, 426, 524]);
    expect(lines.map((line) => /stroke-dasharray/.test(line))).toEqual([false, true, true, true, true]);
  });

  it("says its figures in words and as a table", () => {
    expect(markup).toContain('role="img" aria-label="Wholesalers per state. California 7, New York 6, Texas 3, Ohio 0."');
    expect(markup).toContain('<caption class="sr-only">Wholesalers per state: wholesalers by state</caption>');
    expect(markup).toMatch(/<th scope="row"[^>]*>California<\/th><td[^>]*>7<\/td>/);
    expect(markup).toMatch(/<th scope="row"[^>]*>Ohio<\/th><td[^>]*>0<\/td>/);
  });
});

describe("ColumnChart", () => {
  const weeks = (values: number[]) => values.map((value, index) => ({ label: `W${index + 1}`, longLabel: `Week ${index + 1}`, value }));

  it("draws one column per period on an axis from 0 to a round top, labelled with its value", () => {
    const markup = renderColumns(weeks([0, 3, 12, 5]));
    expect(tickLabels(markup)).toEqual(["0", "2", "4", "6", "8", "10", "12"]);
    const drawn = bars(markup);
    // Four periods of 126 over the plot, a column 36 wide (the most) centred in each; 12 is 192 high.
    expect(drawn.map((bar) => bar.x + 18)).toEqual([111, 237, 363, 489]);
    expect(drawn.map((bar) => bar.width)).toEqual([36, 36, 36, 36]);
    expect(drawn.map((bar) => bar.height)).toEqual([0, 48, 192, 80]);
    expect(drawn.map((bar) => bar.y + bar.height)).toEqual([210, 210, 210, 210]);
    expect(texts(markup)).toEqual(expect.arrayContaining(["3", "12", "5", "W1", "W2", "W3", "W4", "Week starting", "New subscribers"]));
    expect(markup).not.toContain("No sign-ups in these weeks yet");
    expect(markup).toContain('aria-label="New subscribers per week. Week 1: 0, Week 2: 3, Week 3: 12, Week 4: 5."');
    expect(markup).toMatch(/<th scope="row"[^>]*>Week 3<\/th><td[^>]*>12<\/td>/);
  });

  it("labels every second period, ending with the latest, when the periods are too narrow for every label", () => {
    // Twelve periods of 42 each, under the 44 a label needs.
    const labels = texts(renderColumns(weeks(Array.from({ length: 12 }, () => 1)))).filter((text) => text.startsWith("W"));
    expect(labels).toEqual(["W2", "W4", "W6", "W8", "W10", "W12", "Week starting"]);
  });

  it("says so in the plot when every value is zero, on an axis from 0 to 1", () => {
    const markup = renderColumns(weeks([0, 0, 0]));
    expect(tickLabels(markup)).toEqual(["0", "1"]);
    expect(markup).toContain("No sign-ups in these weeks yet");
    expect(bars(markup).map((bar) => bar.height)).toEqual([0, 0, 0]);
  });
});
