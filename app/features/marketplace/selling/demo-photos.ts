import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { BodyType } from "../../../../db/schema/catalogue";
import { CarIllustration } from "~/ui/car-illustration";
import { PHOTO_ASPECT } from "../photos";
import { findColour } from "../vocabulary";

// The demo ads' "photos": the body-type illustration in the ad's paint, in a showroom, shot from a
// few distances. Linear gradients only: a radial one triples the drawing time of each photo. Pure (SVG text out); demo-photos.server.ts turns them into WebP renditions.

/** The shots of each car: the whole side, the front and the rear halves, a close-up of a wheel. */
export const demoShots = ["side", "front", "rear", "detail"] as const;
export type DemoShot = (typeof demoShots)[number];

export const demoShotLabels: Record<DemoShot, string> = {
  side: "side view",
  front: "front",
  rear: "rear",
  detail: "wheel and door detail",
};

/** The storage key of one demo photo (its renditions add `-{width}.webp`). */
export const demoPhotoKey = (bodyType: string, colour: string, shot: DemoShot): string => `demo/${bodyType}-${colour}-${shot}`;

// The illustration's drawing space is 320 x 140 with the ground at y = 122. Each shot is a 4:3
// window on it: [left, width]; the ground sits at 78 % of the frame's height.
const GROUND = 122;
const windows: Record<DemoShot, [number, number]> = {
  side: [-14, 348],
  front: [128, 206],
  rear: [-14, 206],
  detail: [168, 128],
};

/** The SVG of one demo photo, `width` pixels wide (4:3). */
export function demoPhotoSvg(bodyType: BodyType, colour: string, shot: DemoShot, width = 1280): string {
  const paint = findColour(colour)?.hex ?? "#94a3b8";
  const car = renderToStaticMarkup(createElement(CarIllustration, { bodyType, colour: paint }));
  // The illustration's own <svg> is nested with its drawing space kept, so the window below can
  // crop it like a camera.
  const inner = car.replace(/^<svg[^>]*>/, '<svg x="0" y="0" width="320" height="140" viewBox="0 0 320 140" overflow="visible">');
  const [left, w] = windows[shot];
  const h = w * PHOTO_ASPECT;
  const top = GROUND - h * 0.78;
  const height = Math.round(width * PHOTO_ASPECT);
  const floorTop = GROUND - 6;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${left} ${top} ${w} ${h}">
<defs>
<linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#c5ced9"/><stop offset=".6" stop-color="#e3e8ee"/><stop offset="1" stop-color="#c2cbd6"/></linearGradient>
<linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#98a2af"/><stop offset="1" stop-color="#66717f"/></linearGradient>
</defs>
<rect x="${left}" y="${top}" width="${w}" height="${floorTop - top}" fill="url(#wall)"/>
<rect x="${left}" y="${floorTop}" width="${w}" height="${top + h - floorTop}" fill="url(#floor)"/>
<rect x="${left}" y="${floorTop - 0.6}" width="${w}" height="1.2" fill="#e2e8f0" opacity=".8"/>
${inner}
</svg>`;
}
