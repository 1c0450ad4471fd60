/** The one-time token of an emailed link: it travels in the fragment (#token=…), which no server or log sees. */
export const tokenFromLink = (): string => new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '';
