import type { RequestHandler } from "express";
import type { ServeStaticOptions } from "serve-static";

export function filePaths(root: string, skip?: string[]): Set<string>;
export function clientFiles(root: string, options?: ServeStaticOptions, skip?: string[]): RequestHandler;
