// The drawing of Voitura's mark (a car on a rounded square, 32×32), shared by the header's logo
// and the server-drawn preview cards so there is one drawing to change.
export const logoMark = {
  viewBox: "0 0 32 32",
  radius: 8,
  body: "M6 19.5 9 13.8c.5-1 1.5-1.6 2.6-1.6h8.8c1.1 0 2.1.6 2.6 1.6l3 5.7v3.3H6v-3.3Z",
  windows: "M10.6 18 12.2 14.6h7.6l1.6 3.4H10.6Z",
  wheels: [11, 21],
  wheelY: 22.8,
  wheelRadius: 2.3,
  wheelStroke: 1.6,
} as const;
