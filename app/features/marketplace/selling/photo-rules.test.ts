import { describe, expect, it } from "vitest";
import { movePhoto, PHOTO_MESSAGES, photoRefusalStatus } from "./photo-rules";

const keys = (photos: { key: string }[]) => photos.map((p) => p.key).join("");
const list = [{ key: "a" }, { key: "b" }, { key: "c" }, { key: "d" }];

describe("photo order", () => {
  it("moves a photo to its new place, the others keeping their order", () => {
    expect(keys(movePhoto(list, "c", 0))).toBe("cabd");
    expect(keys(movePhoto(list, "a", 3))).toBe("bcda");
    expect(keys(movePhoto(list, "b", 2))).toBe("acbd");
    expect(keys(movePhoto(list, "b", 1))).toBe("abcd");
  });

  it("clamps the place to the list and ignores an unknown photo", () => {
    expect(keys(movePhoto(list, "b", -4))).toBe("bacd");
    expect(keys(movePhoto(list, "b", 40))).toBe("acdb");
    expect(keys(movePhoto(list, "z", 0))).toBe("abcd");
  });
});

describe("a refused photo's status", () => {
  it("is 413 when too big, 415 when not a photo we read, 400 otherwise", () => {
    expect(photoRefusalStatus(PHOTO_MESSAGES.tooHeavy)).toBe(413);
    expect(photoRefusalStatus(PHOTO_MESSAGES.tooManyPixels)).toBe(413);
    expect(photoRefusalStatus(PHOTO_MESSAGES.notAPhoto)).toBe(415);
    expect(photoRefusalStatus(PHOTO_MESSAGES.heic)).toBe(415);
    expect(photoRefusalStatus(PHOTO_MESSAGES.tooSmall)).toBe(400);
    expect(photoRefusalStatus(PHOTO_MESSAGES.tooMany)).toBe(400);
  });
});

