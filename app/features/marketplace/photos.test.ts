import { afterEach, describe, expect, it } from "vitest";
import { customPhotoBase, photoSrcSet, photoUrl, setPhotoBase } from "./photos";

describe("photo addresses", () => {
  afterEach(() => setPhotoBase(undefined));

  it("point at the site's own /medias by default", () => {
    expect(photoUrl("ads/abc", 640)).toBe("/medias/ads/abc-640.webp");
    expect(customPhotoBase()).toBeUndefined();
  });

  it("point at the object store's public address once it is set, in every width", () => {
    setPhotoBase("https://photos.example.com/voitura/");
    expect(customPhotoBase()).toBe("https://photos.example.com/voitura");
    expect(photoUrl("ads/abc", 1280)).toBe("https://photos.example.com/voitura/ads/abc-1280.webp");
    expect(photoSrcSet("ads/abc", 640)).toBe(
      "https://photos.example.com/voitura/ads/abc-320.webp 320w, https://photos.example.com/voitura/ads/abc-640.webp 640w",
    );
  });
});
