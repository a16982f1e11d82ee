import { z } from "zod";

// zod probes `new Function` to speed up parsing; the CSP forbids eval, so the probe would
// raise a violation in the browser. Every schema imports z from here so this runs first.
z.config({ jitless: true });

export { z };
