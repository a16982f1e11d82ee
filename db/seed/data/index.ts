import type { BrandSource } from "../types";
import { otherAsianBrands } from "./brands-asia";
import { chineseBrands } from "./brands-china";
import { europeanAndAmericanBrands } from "./brands-europe-us";
import { germanBrands } from "./brands-germany";
import { japaneseBrands } from "./brands-japan";
import { toyota } from "./brands-toyota";

// Every brand of the demo catalogue; the generator orders them by sales rank.
export const allBrands: readonly BrandSource[] = [
  toyota,
  ...japaneseBrands,
  ...germanBrands,
  ...chineseBrands,
  ...otherAsianBrands,
  ...europeanAndAmericanBrands,
];
