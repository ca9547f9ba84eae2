import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

export const TOTP_ISSUER = 'Mijn Spits';
const STEP_SECONDS = 30;

/** A new random secret of 160 bits, base32 (the RFC 4226 recommendation and what authenticators expect). */
export const newTotpSecret = () => generateSecret({ length: 20 });

export async function totpSetupImage(secret: string, label: string): Promise<{ uri: string; dataUrl: string }> {
  const uri = generateURI({ issuer: TOTP_ISSUER, label, secret, algorithm: 'sha1', digits: 6, period: STEP_SECONDS });
  const dataUrl = await QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 2, width: 220 });
  return { uri, dataUrl };
}

/**
 * Checks a six-digit code with one step of tolerance either side. A code whose step is not after
 * `lastStep` is refused, so a code is accepted once. Answers the accepted step, or null.
 */
export async function checkTotp(secret: string, code: string, lastStep: number | null): Promise<number | null> {
  try {
    const result = await verify({
      secret,
      token: code,
      epochTolerance: STEP_SECONDS,
      ...(lastStep !== null ? { afterTimeStep: lastStep } : {}),
    });
    if (!result.valid) return null;
    const step = 'timeStep' in result && typeof result.timeStep === 'number' ? result.timeStep : null;
    return step;
  } catch {
    return null;
  }
}
