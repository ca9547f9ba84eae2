/** Dutch names and places for generated customers, departments and patients (demo and large data). */

export const firstNames = [
  'Johanna', 'Cornelis', 'Maria', 'Hendrik', 'Wilhelmina', 'Jan', 'Geertruida', 'Pieter', 'Anna', 'Willem',
  'Elisabeth', 'Gerrit', 'Catharina', 'Jacobus', 'Aaltje', 'Dirk', 'Hendrika', 'Klaas', 'Grietje', 'Bernardus',
  'Fenna', 'Sjoerd', 'Trijntje', 'Jelle', 'Zeynep', 'Mohamed', 'Ingrid', 'Hüseyin', 'Renée', 'Chloë',
  'Theodorus', 'Adriana', 'Antonius', 'Petronella', 'Gerardus', 'Jannetje', 'Marinus', 'Neeltje', 'Arie', 'Dina',
];

/** [name prefix (tussenvoegsel), last name] */
export const lastNames: readonly (readonly [string | null, string])[] = [
  [null, 'Jansen'], ['de', 'Jong'], [null, 'Visser'], ['van den', 'Berg'], [null, 'Smit'], ['de', 'Boer'],
  [null, 'Mulder'], ['van', 'Leeuwen'], [null, 'Dekker'], [null, 'Brouwer'], ['de', 'Graaf'], [null, 'Hoekstra'],
  ['van der', 'Meer'], [null, 'Bos'], [null, 'Vos'], ['van', 'Wijk'], [null, 'Kok'], [null, 'Peters'],
  [null, 'Hendriks'], ['van', 'Beek'], [null, 'Yilmaz'], [null, 'Öztürk'], [null, 'Gerritsen'], ['ter', 'Horst'],
  [null, 'Bakker'], ['van', 'Dijk'], [null, 'Meijer'], ['de', 'Vries'], [null, 'Willems'], ['van der', 'Linden'],
  [null, 'Postma'], [null, 'Kuipers'], ['van', 'Vliet'], [null, 'Schouten'], ['el', 'Amrani'], [null, 'Dijkstra'],
];

export const places = [
  'Amersfoort', 'Apeldoorn', 'Assen', 'Barneveld', 'Bergen op Zoom', 'Breda', 'Bussum', 'Culemborg', 'Delft',
  'Deventer', 'Doetinchem', 'Dordrecht', 'Drachten', 'Ede', 'Emmen', 'Enschede', 'Goes', 'Gorinchem', 'Gouda',
  'Groningen', 'Haarlem', 'Harderwijk', 'Heerenveen', 'Helmond', 'Hengelo', 'Hilversum', 'Hoorn', 'Kampen',
  'Leeuwarden', 'Leiden', 'Lelystad', 'Maastricht', 'Meppel', 'Middelburg', 'Nijmegen', 'Oss', 'Purmerend',
  'Roermond', 'Roosendaal', 'Schiedam', 'Sittard', 'Sneek', 'Tiel', 'Tilburg', 'Utrecht', 'Veenendaal', 'Venlo',
  'Vlaardingen', 'Weert', 'Woerden', 'Zaandam', 'Zeist', 'Zutphen', 'Zwolle', "'s-Hertogenbosch", 'Súdwest-Fryslân',
];

/** Words that Dutch pharmacies and care groups are named after. */
export const houseNames = [
  'De Linde', 'Het Anker', 'De Eik', 'Het Baken', 'De Vaart', 'De Brug', 'Het Kruispunt', 'De Poort', 'De Molen',
  'Het Zuiden', 'De Hoeksteen', 'De Regenboog', 'Het Lichtpunt', 'De Wieken', 'De Kastanje', 'Het Plein',
  'De Kroon', 'De Zwaan', 'Het Hart', 'De Schakel', 'Zonnehof', 'Rozengaarde', 'Vredenburgh', 'Overvecht',
];

/** Department and district names (facilities). */
export const departmentWords = [
  'Duinzicht', 'Zeeroos', 'Helmgras', 'De Vuurtoren', 'Noord', 'Zuid', 'Oost', 'West', 'Centrum', 'De Es',
  'Berkenhof', 'Eikenlaan', 'Lindehof', 'Zonnebloem', 'Klaproos', 'Korenbloem', 'Waterlelie', 'De Hazelaar',
  'Parkzicht', 'Rivierduin', 'Heidebloem', 'Kastanjehof', 'De Beuk', 'Het Wiel', 'Sterrenwacht', 'Tulp',
  'Vlinder', 'Meidoorn', 'Wilgenhof', 'De Terp', 'Kwetterhof', 'Ooievaar', 'Mariëndaal', 'Ruysdael',
  'De Boomgaard', 'Hofstede', 'Blauwe Reiger', 'Weidezicht', 'Dijkzicht', 'Bloemenhof', 'Esdoorn', 'Jasmijn',
  'Magnolia', 'Vijverhof', 'Zilverschoon', 'Akkerwinde', 'Weegbree', 'Gentiaan',
];
