/**
 * Every user-visible Dutch text of the spec (sections 5 and 8), written once. The server puts the validation
 * messages into its 400 problem documents; the web app shows the same strings.
 */
export const validation = {
  required: 'Dit veld is verplicht',
  // Login and reset request
  emailRequired: 'E-mailadres is verplicht',
  passwordRequired: 'Wachtwoord is verplicht',
  codeRequired: 'Code is verplicht',
  /** Not in the spec (issue 13): logging in with a backup code. */
  backupCodeRequired: 'Back-upcode is verplicht',
  // Password change
  currentPasswordRequired: 'Huidig wachtwoord is verplicht',
  newPasswordRequired: 'Nieuw wachtwoord is verplicht',
  passwordPolicy:
    'Wachtwoord voldoet niet aan de vereisten: 8 karakters, 1 hoofdletter, 1 kleine letter en 1 cijfer',
  passwordRepeatMismatch: 'Wachtwoord (herhaal) moet gelijk zijn aan wachtwoord',
  commonPassword: 'Dit wachtwoord wordt te vaak gebruikt. Kies een ander wachtwoord.',
  // Two-factor
  twoFactorPasswordRequired: 'Password is verplicht',
  // Pharmacist add
  pharmacistEmailRequired: 'E-mailadres is required',
  pharmacistFirstNameRequired: 'Firstname is required',
  pharmacistLastNameRequired: 'Lastname is required',
  pharmacistTypeRequired: 'Accounttype is required',
  // New product request
  drugNameRequired: 'Naam geneesmiddel is verplicht',
  drugStrengthRequired: 'Geneesmiddel sterkte is verplicht',
  consumptionRequired: 'Verbruik is verplicht',
  amountOfPatientsRequired: 'Aantal patienten is verplicht',
  reasonRequired: 'Reden is verplicht',
  ziNumberRequired: 'ZI-nummer is verplicht',
  // Roll request
  departmentRequired: 'Afdeling is verplicht',
  startDateRequired: 'Startdatum is verplicht',
  amountOfDaysRequired: 'Aantal dagen is verplicht',
  receiveDateRequired: 'Ontvangsdatum is verplicht',
  sendDateRequired: 'Verstuurdatum is verplicht',
  fileTypeNotAllowed: 'Bestandstype is niet toegestaan',
  // Photo request
  patientRequired: 'Patient is verplicht',
  dateRequired: 'Datum is verplicht',
  timeRequired: 'Tijd is verplicht',
  medicineNameRequired: 'Naam medicijn is verplicht',
  reasonOfRequestRequired: 'Reden aanvraag is verplicht',
  // Basic imperfection form
  discovererRequired: 'Ontdekker is verplicht',
  complaintTypeRequired: 'Klachttype is verplicht',
  strengthRequired: 'Sterkte is verplicht',
  amountRequired: 'Aantal is verplicht',
  additionalInformationRequired: 'Extra informatie is verplicht',
  takenActionsRequired: 'Ondernomen acties is verplicht',
  // Oosterwolde
  imperfectionAboutRequired: 'Wat de klacht is is verplicht',
  impactRequired: 'Impact is verplicht',
  swallowDateRequired: 'Slikdatum is verplicht',
  swallowTimeRequired: 'Sliktijd is verplicht',
  drugNameAndStrengthRequired: 'Naam geneesmiddel en sterkte is verplicht',
  batchNumberRequired: 'Batchnummer is verplicht',
  bagNumberRequired: 'Nummer zakje is verplicht',
  // Apeldoorn
  feedbackRequired: 'Terugkoppeling is verplicht',
  complaintOrPhotoRequired: 'Klacht/Foto opvraag is verplicht',
  contactPersonRequired: 'Contactpersoon is verplicht',
  // Alkmaar
  discovererComplaintRequired: 'Ontdekker van klacht is verplicht',
  natureComplaintRequired: 'Aard van klacht is verplicht',
  startSwallowDateRequired: 'Startslikdatum is verplicht',
  medicineRequired: 'Geneesmiddel is verplicht',
  // References a form makes to the customer's data
  patientUnknown: 'Deze patiënt is niet gevonden. Kies de patiënt opnieuw.',
  fileUnknown: 'Het bestand is niet gevonden. Upload het bestand opnieuw.',
  // Staff accounts (Pharmacist calls)
  emailAddressInUse: 'Dit e-mailadres is al in gebruik',
  cannotDeleteSelf: 'U kunt uw eigen account niet verwijderen',
  cannotDemoteSelf: 'U kunt uw eigen administratorrechten niet intrekken',
  cannotDeactivateSelf: 'U kunt uw eigen account niet deactiveren',
  lastAdministrator: 'Er moet minimaal één actieve administrator overblijven',
  cannotResetOwnTotp: 'Uw eigen tweestapsverificatie zet u uit onder Beveiliging.',
  totpNotEnabled: 'Deze collega gebruikt geen tweestapsverificatie.',
  accountAlreadyActivated: 'Dit account is al geactiveerd: een nieuwe uitnodiging is niet nodig.',
  accountNotYetActivated:
    'Dit account is nog niet geactiveerd. De medewerker activeert het zelf via de link in de activatiemail.',
  // Service-product orders
  serviceProductUnavailable: 'Dit product is niet (meer) te bestellen',
  // Roll request date limits (section 9) and the 12 weeks from production
  startDateBeforeToday: 'De startdatum mag niet in het verleden liggen',
  receiveDateOutOfRange: 'De ontvangstdatum moet tussen morgen en de startdatum liggen',
  sendDateOutOfRange: 'De verstuurdatum moet tussen vandaag en de dag vóór de ontvangstdatum liggen',
  rollPeriodBeyondTwelveWeeks:
    'Rollen kunnen voor maximaal 12 weken vanaf de productie worden aangevraagd: de laatste roldag mag niet later liggen dan 12 weken na de verstuurdatum',
  // Offline assortment forms
  offlineFormsNoneChosen: 'Kies minimaal één formulier',
  // File upload
  fileRequired: 'Kies een bestand om te uploaden',
  fileEmpty: 'Het bestand is leeg',
  fileOnlyOne: 'Upload één bestand tegelijk',
  pdfActiveContent:
    'Dit PDF-bestand bevat scripts, acties of ingesloten bestanden en wordt om veiligheidsredenen niet geaccepteerd. Sla het op als gewone PDF (bijvoorbeeld met Afdrukken naar PDF) en probeer het opnieuw.',
  fileUnreadable: 'Het bestand kon niet worden gelezen. Controleer het bestand en probeer het opnieuw.',
  imageTooManyPixels: 'De afbeelding is te groot (maximaal 40 megapixels). Verklein de foto en probeer het opnieuw.',
  uploadNotMultipart: 'Stuur het bestand als formulier (multipart/form-data) in het veld file',
  // Generic fallbacks for what the spec does not word (wrong type, too long, unknown field)
  invalidValue: 'Ongeldige waarde',
  invalidEmail: 'Ongeldig e-mailadres',
  invalidDate: 'Ongeldige datum',
  unknownField: 'Onbekend veld',
  /** Issue 26.4: a NUL or a lone UTF-16 surrogate, which the database cannot store as sent. */
  unstorableText: 'Bevat een teken dat niet kan worden opgeslagen (een NUL-teken, een los UTF-16-surrogaat of het vervangingsteken �)',
  tooLong: (max: number) => `Maximaal ${max} tekens`,
  tooShort: (min: number) => `Minimaal ${min} tekens`,
  tooSmall: (min: number) => `Minimaal ${min}`,
  tooLarge: (max: number) => `Maximaal ${max}`,
  /** A date typed into a picker outside the days it offers (issue 26.9), where the form has no words of its own. */
  dateNotBefore: (min: string) => `De datum mag niet vóór ${min} liggen`,
  dateNotAfter: (max: string) => `De datum mag niet na ${max} liggen`,
  patientSearchMinimum: (min: number) => `Typ minimaal ${min} tekens`,
} as const;

export const feedback = {
  tableLoadFailed: 'Data ophalen mislukt.',
  orderLoadFailed: 'Data ophalen mislukt',
  faqQuestionSucceeded: 'Het indienen van uw vraag is gelukt',
  faqQuestionFailed: 'Het indienen van uw vraag is mislukt',
  pharmacistAddSucceeded: 'Het aanmaken van een account is gelukt',
  pharmacistAddFailed: 'Het aanmaken van een account is mislukt',
  newProductSucceeded: 'Het aanvragen van een nieuw product is gelukt',
  newProductFailed: 'Het aanvragen van een nieuw product is mislukt',
  rollRequestSucceeded: 'De aanvraag voor rollen is gelukt',
  rollRequestFailed: 'De aanvraag voor rollen is mislukt',
  photoRequestSucceeded: 'Het aanvragen van een foto is gelukt',
  photoRequestFailed: 'Het aanvragen van een foto is niet gelukt',
  offlineFormsSucceeded: 'Het aanvragen van de formulieren is gelukt',
  offlineFormsFailed: 'Het aanvragen van de formulieren is mislukt',
  complaintSucceeded: 'Het indienen van uw klacht is gelukt',
  complaintFailed: 'Het indienen van uw klacht is mislukt',
  reportSucceeded: 'Het indienen van uw melding is gelukt',
  reportFailed: 'Het indienen van uw melding is mislukt',
  loginFailed: 'Inloggen mislukt! Controleer uw e-mailadres en wachtwoord.',
  /** Only once the password was right (issue 13): the code was wrong or used before. */
  loginCodeWrong: 'De verificatiecode is onjuist of al gebruikt. Gebruik de nieuwste code uit uw authenticator-app.',
  /** The same for a backup code (issue 13): each one works once. */
  /** Making a new set of backup codes (issue 13): a wrong password, or two-factor login not on. */
  backupCodesFailed: 'Back-upcodes maken mislukt. Controleer of uw wachtwoord juist is en of tweestapsverificatie aan staat.',
  loginBackupCodeWrong: 'Deze back-upcode is onjuist of al gebruikt. Elke back-upcode werkt maar één keer.',
  passwordChangeFailed:
    'Wachtwoord wijzigen mislukt. Controleer of het juiste huidige wachtwoord is ingevoerd en zorg dat het nieuwe wachtwoord voldoet aan de volgende eisen.',
  passwordChangeSucceeded: 'Uw wachtwoord is aangepast. U moet voortaan met het nieuwe wachtwoord inloggen.',
  twoFactorFailed:
    '2FA wijzigen niet gelukt. Controleer of uw wachtwoord juist is en voer de juiste verificatiecode in.',
  twoFactorEnabled: 'Two Factor Authentication is geactiveerd',
  twoFactorDisabled: 'Two Factor Authentication is gedeactiveerd',
  activationFailed: 'Account activeren mislukt',
  resetFailed: 'Wachtwoord wijzigen mislukt',
  activationSucceeded: 'Account is geactiveerd',
  resetSucceeded: 'Wachtwoord is gewijzigd',
  pleaseWait: 'Een moment geduld...',
  resetRequestFailed: 'Reset token aanvragen mislukt',
  resetRequestSucceeded:
    'Als dit e-mailadres bij ons bekend is, ontvangt u binnen enkele minuten een e-mail met instructies om uw wachtwoord opnieuw in te stellen.',
  orderSucceeded: 'Uw bestelling is gelukt.',
  fileTypeNotAllowed: 'Bestandstype is niet toegestaan',
  emptyInvoices: 'Geen facturen gevonden...',
  emptyProducts: 'Geen producten gevonden...',
  emptyCalendar: 'Geen agenda gevonden...',
  emptyPackingOrders: 'Geen inkoopopdrachten gevonden...',
  tooManyRequests: 'Te veel pogingen. Probeer het over enkele minuten opnieuw.',
  submissionLimitReached: 'U heeft in korte tijd te veel formulieren of bestellingen verstuurd. Probeer het later opnieuw.',
  idempotencyKeyInvalid: 'De Idempotency-Key moet 1 tot 200 zichtbare tekens lang zijn.',
  idempotencyKeyReused: 'Deze Idempotency-Key is al gebruikt voor een andere aanvraag.',
  idempotencyInProgress: 'Deze aanvraag wordt nog verwerkt. Probeer het over een ogenblik opnieuw.',
  serviceUnavailable: 'De service is tijdelijk niet beschikbaar. Probeer het over enkele ogenblikken opnieuw.',
  notFound: 'Niet gevonden',
  forbidden: 'U heeft geen toegang tot deze gegevens',
  unauthorized: 'Uw sessie is verlopen. Log opnieuw in.',
  serverError: 'Er is iets misgegaan. Probeer het later opnieuw.',
  fileTooLarge: 'Het bestand is te groot (maximaal 20 MB)',
  requestTooLarge: 'Het verzoek is te groot',
  unsupportedMediaType: 'Dit soort inhoud wordt niet ondersteund',
  /** Exports (issue 14). */
  exportRunning: 'U heeft al een export lopen. Wacht tot die klaar is of breek hem af.',
  exportsBusy: 'Er lopen op dit moment veel exports. Probeer het over enkele ogenblikken opnieuw.',
  exportFailed: 'Exporteren mislukt. Probeer het opnieuw.',
  /** Inzage logboek (issue 14): only for a session that logged in with two-factor login. */
  accessLogNeedsTwoFactor: 'Het inzagelogboek is alleen te bekijken na inloggen met tweestapsverificatie.',
} as const;

export const messages = { validation, feedback } as const;

/**
 * 'afdeling Duinzicht', but a department whose name says so already as it is: 'Afdeling Zeeroos', not
 * 'afdeling Afdeling Zeeroos'.
 */
export const departmentPhrase = (name: string) => (/^afdeling\b/i.test(name.trim()) ? name.trim() : `afdeling ${name.trim()}`);
