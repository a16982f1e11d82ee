import type { Random } from "../random";

// Short plain-text descriptions in the voice of a private seller or a dealer: a few sentences
// drawn from pools, so thousands of ads do not read the same.

interface DescriptionInput {
  sellerKind: "private" | "dealer";
  year: number;
  makeName: string;
  modelName: string;
  mileageKm: number;
  serviceHistory: "full" | "partial" | "none";
  previousOwners: number;
  equipment: readonly string[];
  cityName: string;
  negotiable: boolean;
  dealerName?: string;
}

const everyday = ["Air conditioning", "Electric windows", "Central locking", "ABS brakes", "Airbags (front and side)", "Spare keys"];

const km = (n: number) => `${Math.round(n / 1000)} 000 km`;

export function demoDescription(random: Random, a: DescriptionInput): string {
  const car = `${a.makeName} ${a.modelName}`;
  const paragraphs: string[] = [];
  if (a.sellerKind === "private") {
    paragraphs.push(
      random.pick([
        `Selling my ${a.year} ${car}.`,
        `I am selling our family's ${car}, a ${a.year} model.`,
        `Well looked after ${a.year} ${car} for sale.`,
        `My trusty ${car} is up for sale.`,
        `${a.year} ${car}, ${km(a.mileageKm)} on the clock.`,
      ]) +
        " " +
        random.pick([
          "Reliable car, never let me down.",
          "Drives beautifully, no rattles or warning lights.",
          "Tyres are about 70 % and the brakes were done recently.",
          "Licence disc is valid and it is ready for roadworthy.",
          "Interior is clean, non-smoker's car.",
          "A few small scratches from parking, nothing major.",
        ]),
    );
    paragraphs.push(
      [
        a.serviceHistory === "full"
          ? random.pick(["Full service history, all books available.", "Serviced every year at the agents, stamps in the book."])
          : a.serviceHistory === "partial"
            ? random.pick(["Partial service history; the last two services were done at a private workshop.", "Some service records, recently serviced."])
            : "No service book, but I have the receipts of the last service.",
        a.previousOwners <= 1 ? "I am the first owner." : `${a.previousOwners} owners so far.`,
      ].join(" "),
    );
    paragraphs.push(
      random.pick([
        "Only selling because we need a bigger car.",
        "Selling because I am moving overseas.",
        "Selling as I got a company car.",
        "Reason for selling: upgrading.",
        "We have two cars and only need one now.",
      ]) +
        " " +
        (a.negotiable ? "Price slightly negotiable for a serious buyer." : "Price is firm.") +
        "\n" +
        random.pick([
          `Viewing in ${a.cityName} by appointment.`,
          `Car is in ${a.cityName}. Please phone or send a message, no time-wasters.`,
          `Happy to meet at a test station in ${a.cityName} for an inspection.`,
        ]),
    );
  } else {
    paragraphs.push(
      random.pick([
        `${a.year} ${car} in excellent condition.`,
        `Immaculate ${a.year} ${car} now in stock.`,
        `Just arrived: ${a.year} ${car} with ${km(a.mileageKm)}.`,
        `Sharp ${car}, ${a.year}, ready to go.`,
      ]) +
        " " +
        (a.serviceHistory === "full" ? "Full service history." : a.serviceHistory === "partial" ? "Partial service history." : "Serviced by us before sale.") +
        (a.previousOwners <= 1 ? " One owner." : ""),
    );
    const highlights = a.equipment.filter((e) => !everyday.includes(e)).slice(0, 4);
    if (highlights.length) paragraphs.push(`Highlights: ${highlights.join(", ")}.`);
    paragraphs.push(
      random.pick([
        "Finance available, subject to approval. Trade-ins welcome.",
        "We arrange finance and insurance. Your trade-in is welcome.",
        "Nationwide delivery can be arranged. Finance available.",
      ]) +
        "\n" +
        random.pick([
          `Visit ${a.dealerName ?? `us in ${a.cityName}`} for a test drive.`,
          `Open Monday to Saturday in ${a.cityName}. Call to book a test drive.`,
          `All our cars come with a roadworthy certificate. See it in ${a.cityName}.`,
        ]),
    );
  }
  return paragraphs.join("\n\n");
}
