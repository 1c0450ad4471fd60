export interface LabelAddress {
  name: string;
  lines: string[];
}

export interface Label {
  carrier: string;
  trackingNumber: string;
  pdf: Uint8Array;
}

/** Makes return labels (EasyPost in production; a sandbox that draws a real PDF by default). */
export interface Carrier {
  createLabel(input: { reference: string; from: LabelAddress; to: LabelAddress }): Promise<Label>;
}
