import { createContext, useContext } from "react";

// The per-request CSP nonce, for the inline scripts the document needs before first paint.
export const NonceContext = createContext<string | undefined>(undefined);
export const useNonce = () => useContext(NonceContext);
