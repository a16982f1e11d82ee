// Suburbs and postal codes of the marketplace's towns, for the demo dealers' addresses: dealers sit
// on the motor strips of the big towns' suburbs, in the centre of the smaller ones.

export interface Suburb {
  name: string;
  postalCode: string;
}

const s = (name: string, postalCode: string): Suburb => ({ name, postalCode });

export const suburbsByCity: Readonly<Record<string, readonly Suburb[]>> = {
  johannesburg: [s("Rosebank", "2196"), s("Fourways", "2055"), s("Bedfordview", "2007"), s("Northcliff", "2195"), s("Melrose", "2196")],
  pretoria: [s("Menlyn", "0181"), s("Hatfield", "0083"), s("Montana", "0182"), s("Silverton", "0184"), s("Faerie Glen", "0081")],
  sandton: [s("Sandown", "2196"), s("Rivonia", "2128"), s("Morningside", "2057"), s("Bryanston", "2191")],
  centurion: [s("Lyttelton Manor", "0157"), s("Hennopspark", "0157"), s("Highveld", "0169")],
  midrand: [s("Halfway House", "1685"), s("Vorna Valley", "1686"), s("Waterfall", "2090")],
  randburg: [s("Ferndale", "2194"), s("Robindale", "2194"), s("Strijdompark", "2194")],
  roodepoort: [s("Constantia Kloof", "1709"), s("Florida", "1709"), s("Weltevredenpark", "1709")],
  "kempton-park": [s("Kempton Park Central", "1619"), s("Birchleigh", "1619"), s("Edleen", "1619")],
  boksburg: [s("Parkhaven", "1459"), s("Sunward Park", "1459"), s("Boksburg North", "1459")],
  benoni: [s("Lakefield", "1501"), s("Northmead", "1501")],
  germiston: [s("Primrose", "1401"), s("Germiston Central", "1401")],
  krugersdorp: [s("Noordheuwel", "1739"), s("Krugersdorp Central", "1739")],
  vereeniging: [s("Three Rivers", "1939"), s("Vereeniging Central", "1939")],
  soweto: [s("Protea Glen", "1818"), s("Orlando East", "1804")],
  "cape-town": [s("Paarden Eiland", "7405"), s("Claremont", "7708"), s("Tokai", "7945"), s("Century City", "7441"), s("Montague Gardens", "7441")],
  bellville: [s("Tyger Valley", "7530"), s("Bellville Central", "7530")],
  "somerset-west": [s("Somerset West Central", "7130")],
  stellenbosch: [s("Stellenbosch Central", "7600")],
  paarl: [s("Paarl Central", "7646")],
  george: [s("George Central", "6529")],
  "mossel-bay": [s("Mossel Bay Central", "6500")],
  worcester: [s("Worcester Central", "6850")],
  durban: [s("Springfield Park", "4091"), s("Morningside", "4001"), s("Westville", "3629"), s("Durban North", "4051")],
  pietermaritzburg: [s("Scottsville", "3201"), s("Hayfields", "3201"), s("Pietermaritzburg Central", "3201")],
  umhlanga: [s("Umhlanga Ridge", "4319"), s("La Lucia", "4051")],
  pinetown: [s("Pinetown Central", "3610")],
  ballito: [s("Ballito Central", "4420")],
  "richards-bay": [s("Meerensee", "3901"), s("Arboretum", "3900")],
  newcastle: [s("Newcastle Central", "2940")],
  gqeberha: [s("Newton Park", "6045"), s("Walmer", "6070"), s("North End", "6001")],
  "east-london": [s("Vincent", "5247"), s("Beacon Bay", "5241")],
  mthatha: [s("Mthatha Central", "5099")],
  makhanda: [s("Makhanda Central", "6139")],
  "jeffreys-bay": [s("Jeffreys Bay Central", "6330")],
  bloemfontein: [s("Willows", "9301"), s("Westdene", "9301"), s("Bayswater", "9301")],
  welkom: [s("Welkom Central", "9459")],
  bethlehem: [s("Bethlehem Central", "9701")],
  kroonstad: [s("Kroonstad Central", "9499")],
  mbombela: [s("Riverside Park", "1200"), s("Mbombela Central", "1201")],
  emalahleni: [s("Die Heuwel", "1035"), s("eMalahleni Central", "1035")],
  middelburg: [s("Middelburg Central", "1050")],
  secunda: [s("Secunda Central", "2302")],
  polokwane: [s("Bendor", "0699"), s("Polokwane Central", "0699")],
  tzaneen: [s("Tzaneen Central", "0850")],
  mokopane: [s("Mokopane Central", "0600")],
  thohoyandou: [s("Thohoyandou Central", "0950")],
  rustenburg: [s("Cashan", "0299"), s("Rustenburg Central", "0299")],
  potchefstroom: [s("Baillie Park", "2520"), s("Potchefstroom Central", "2531")],
  klerksdorp: [s("Flamwood", "2572"), s("Klerksdorp Central", "2571")],
  mahikeng: [s("Mahikeng Central", "2745")],
  kimberley: [s("Hadison Park", "8301"), s("Kimberley Central", "8301")],
  upington: [s("Upington Central", "8801")],
  springbok: [s("Springbok Central", "8240")],
};

/** The place word of a dealer's name: the suburb on a big town's motor strip, else the town. */
export const placeWord = (suburb: Suburb, townName: string): string => (suburb.name.endsWith(" Central") ? townName : suburb.name);

export const streetNames = [
  "Main Road", "Voortrekker Road", "Church Street", "Market Street", "Industrial Road", "Commissioner Street",
  "Beach Road", "Long Street", "Nelson Mandela Drive", "Oliver Tambo Drive", "Jan Smuts Avenue", "William Nicol Drive",
  "Rivonia Road", "Old Main Road", "Cape Road", "Kingsway", "Albertina Sisulu Road", "Hendrik Potgieter Road",
  "Lynnwood Road", "Atterbury Road", "Umgeni Road", "Louis Botha Avenue", "Marine Drive", "Mark Street",
];
