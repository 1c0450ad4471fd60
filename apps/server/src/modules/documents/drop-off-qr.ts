import QRCode from 'qrcode';

/** The drop-off code as a QR image that a counter's scanner reads from a phone's screen or a printout. */
export function dropOffQrPng(code: string): Promise<Buffer> {
  return QRCode.toBuffer(code, { type: 'png', errorCorrectionLevel: 'M', margin: 4, width: 320 });
}
