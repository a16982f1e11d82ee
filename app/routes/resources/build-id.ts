// The client compares this with its own build version every hour (see build-updates.ts).
export async function loader() {
  const build = (await import("virtual:react-router/server-build")) as { assets: { version: string } };
  return Response.json({ version: build.assets.version }, { headers: { "cache-control": "no-store" } });
}
