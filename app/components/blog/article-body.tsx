/** Reading styles for article text: a comfortable measure, generous leading and clear heading rhythm. */
export const proseClass = [
  "text-[1.0625rem] leading-[1.8] text-stone-800 sm:text-lg",
  "[&>*+*]:mt-5",
  "[&_h2]:mt-12 [&_h2]:font-serif [&_h2]:text-2xl [&_h2]:font-semibold [&_h2]:leading-tight [&_h2]:text-ink sm:[&_h2]:text-3xl",
  "[&_h3]:mt-9 [&_h3]:font-serif [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:text-ink",
  "[&_h4]:mt-7 [&_h4]:font-semibold [&_h4]:text-ink",
  "[&_h2+*]:mt-4 [&_h3+*]:mt-3 [&_h4+*]:mt-2",
  "[&_ul]:list-disc [&_ol]:list-decimal [&_ul]:pl-6 [&_ol]:pl-6 [&_li]:pl-1 [&_li+li]:mt-2 [&_li]:marker:text-rose-brand",
  "[&_strong]:font-semibold [&_strong]:text-ink",
  "[&_a]:font-medium [&_a]:text-rose-brand [&_a]:underline [&_a]:decoration-rose-brand/40 [&_a]:underline-offset-4 hover:[&_a]:decoration-rose-brand",
  "[&_blockquote]:border-l-4 [&_blockquote]:border-rose-brand/60 [&_blockquote]:bg-blush/40 [&_blockquote]:py-3 [&_blockquote]:pl-5 [&_blockquote]:pr-4 [&_blockquote]:font-serif [&_blockquote]:italic [&_blockquote]:text-plum",
  "[&_hr]:my-10 [&_hr]:border-stone-200",
  "[&_code]:rounded [&_code]:bg-stone-100 [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:text-[0.9em]",
].join(" ");

/** An article body that the server already rendered from Markdown and sanitized (services/markdown). */
export function ArticleBody({ html }: { html: string }) {
  return <div className={proseClass} dangerouslySetInnerHTML={{ __html: html }} />;
}
