import { SAVINGS_CLAIM } from "~/utils/claims";

/** The About page's questions and answers (plain text, so structured data can reuse them verbatim). */
export const ABOUT_FAQ = [
  {
    question: "Can anyone buy at a wholesale flower market?",
    answer:
      "Often, yes. Many wholesale flower markets sell to the public, usually after the early-morning trade rush. Some are trade only and ask for a resale certificate or business license. Each listing says whether a business is Wholesale, Retail or Wholesale & Retail, and, where a source says so, who may buy: Public welcome, Public at set hours or Trade only. Hours and policies change, so call ahead to confirm public hours, payment methods and any minimum purchase.",
  },
  {
    question: "How much can I save by buying flowers wholesale?",
    answer: `Buying by the bunch at a wholesaler can cost ${SAVINGS_CLAIM} less than the same stems from a retail florist; how much depends on the flower, the season and the market. Shoppers without a resale certificate pay sales tax, and a few markets charge a small entry fee.`,
  },
  {
    question: "When is the best time to shop a wholesale flower market?",
    answer:
      "Go early on a weekday for the widest selection, or late morning for a quieter floor and the occasional markdown. Prices climb in the weeks before Valentine's Day and Mother's Day, so order specialty stems ahead for those dates.",
  },
  {
    question: "Do I have to buy flowers in bulk?",
    answer:
      "Wholesalers sell by the bunch rather than the stem: roses usually come in bunches of 25, and many other flowers in bunches of 10. A medium vase arrangement needs 15 to 25 stems. If you only need a few flowers, split bunches with a friend or try one of the grocery chains in our budget guide.",
  },
  {
    question: "How far ahead should I buy flowers for a wedding or event?",
    answer:
      "Buy most flowers two to three days before the event so closed blooms have time to open, and keep them in buckets of fresh water somewhere cool. Order specialty or large quantities one to two weeks ahead so the wholesaler can bring them in for you.",
  },
  {
    question: "How do you keep the listings up to date?",
    answer:
      "Our directory started as a set of long-established markets and suppliers, and we review and update it continually. If a business has moved, closed or is missing, tell us with the Submit a Location form on this page and we will check it before changing the directory.",
  },
] as const;
