import { setNonce } from "get-nonce";

/**
 * Radix's dialogs lock the page's scroll with a `<style>` element they add (react-remove-scroll). The admin's policy
 * allows a style element only with the page's nonce (server/security.ts); the browser hides it from the attribute but
 * keeps it on the page's scripts' `nonce` property, where it is read once, when the admin's code first loads.
 */
if (typeof document !== "undefined") {
  const nonce = document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce;
  if (nonce) setNonce(nonce);
}
