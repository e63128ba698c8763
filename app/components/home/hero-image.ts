/**
 * The photo behind the hero, the home page's largest paint. Below 640 px the section is taller than wide and
 * shows only the middle of the photo, so phones get that middle (scripts/generate-images.ts crops it).
 */
export const HERO_IMAGE = {
  wide: "/images/hero.webp",
  portrait: "/images/hero-portrait.webp",
  portraitMedia: "(max-width: 639px)",
  wideMedia: "(min-width: 640px)",
} as const;
