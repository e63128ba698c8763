/** The three fixed sections every article ends with, in the spec's order. */
export const ARRANGING_BASICS = [
  {
    heading: "Getting Started",
    paragraphs: [
      "Start with a spotless vase, because bacteria left in a container clog stems and shorten vase life. Fill it with cool water and a packet of flower food, and keep sharp pruners or a floral knife close by. Scissors crush the water channels in a stem.",
      "Give new flowers a few hours to drink before you arrange them. Strip every leaf that would sit below the waterline, cut each stem at an angle about an inch from the end, and let the buckets rest somewhere cool and out of direct sun.",
    ],
  },
  {
    heading: "Selecting Your Flowers",
    paragraphs: [
      "Think in three roles: a few focal blooms such as roses, peonies or hydrangeas; supporting flowers like spray roses, lisianthus or stock; and filler or greenery such as eucalyptus, ruscus or waxflower. A palette of two or three colors plus green almost always looks intentional.",
      "Buy stems that are firm, with clean ends and healthy leaves, and choose blooms that are just starting to open so they peak on your day. Count stems before you shop: a medium vase takes 15 to 25, and wholesalers sell by the bunch, so plan to share or use the extras.",
    ],
  },
  {
    heading: "Basic Arrangement Techniques",
    paragraphs: [
      "Build a base of greenery first, crossing the stems in the vase to form a loose grid that holds everything else in place. Add focal flowers next, spacing them in odd-numbered groups, then fill the gaps with supporting blooms and finish with delicate filler.",
      "Keep the arrangement about one and a half to two times the height of the vase, and turn it as you work so it looks full from every side. Top up the water daily, recut the stems every two or three days, and remove fading blooms to keep the rest fresh for longer.",
    ],
  },
] as const;

/** The fixed sections in a card after the article body. */
export function ArrangingBasics() {
  return (
    <div className="mt-14 grid gap-10 rounded-3xl border border-stone-200 bg-white p-6 shadow-sm sm:p-10">
      {ARRANGING_BASICS.map((section, index) => (
        <section key={section.heading} aria-labelledby={`basics-${index}`}>
          <h2 id={`basics-${index}`} className="flex items-center gap-3 font-serif text-2xl font-semibold text-ink">
            <span
              className="flex size-8 shrink-0 items-center justify-center rounded-full bg-blush font-sans text-sm font-semibold text-rose-800"
              aria-hidden="true"
            >
              {index + 1}
            </span>
            {section.heading}
          </h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph.slice(0, 24)} className="mt-4 text-[1.0625rem] leading-[1.8] text-stone-800 sm:text-lg">
              {paragraph}
            </p>
          ))}
        </section>
      ))}
    </div>
  );
}
