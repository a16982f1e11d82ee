export const DEPLOY_DIR: string;

export function renderSite(options: {
  instances: (string | number)[];
  serverName?: string;
  root: string;
  uploadsDir?: string;
  cacheDir: string;
  cacheMaxSize?: string;
  listen?: string;
  certificate?: string;
  certificateKey?: string;
  accessLog?: string;
}): string;
