import { createContext, useContext } from "react";

const NonceContext = createContext<string>("");

/** The request's CSP nonce, set while rendering on the server; empty in the browser. */
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
