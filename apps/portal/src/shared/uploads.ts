import { calls, Code, MAX_PROOF_IMAGE_BYTES, MAX_PROOF_IMAGES, PROOF_IMAGE_TYPES } from '@return-center/contract';
import { http } from './http';
import { appUrl } from './base-path';

export type UploadProblem = 'limit' | 'type' | 'size' | null;

/** Spec §5 upload rules, checked before anything is sent. */
export function checkFile(file: File, alreadyChosen: number): UploadProblem {
  if (alreadyChosen >= MAX_PROOF_IMAGES) return 'limit';
  if (!(PROOF_IMAGE_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > MAX_PROOF_IMAGE_BYTES) return 'size';
  return null;
}

function put(url: string, file: File, onProgress: (fraction: number) => void): Promise<boolean> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.setRequestHeader('Content-Type', file.type);
    xhr.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    xhr.onload = () => resolve(xhr.status >= 200 && xhr.status < 300);
    xhr.onerror = () => resolve(false);
    xhr.send(file);
  });
}

/**
 * Spec §7 uploads: get a key, PUT the file to its URL, then the callback. Resolves the stored
 * image's URL, or '' on any failure (spec §8: an empty ossUrl).
 */
export async function uploadProof(file: File, onProgress: (fraction: number) => void): Promise<string> {
  try {
    const key = await http.request(calls.getUploadKey, { filename: file.name }, { quiet: true });
    if (key.code !== Code.Success) return '';
    if (!(await put(appUrl(key.data.data.url), file, onProgress))) return '';
    const done = await http.request(calls.uploadCallback, { url: key.data.data.output_url }, { quiet: true });
    return done.code === Code.Success ? done.data.ossUrl : '';
  } catch {
    return '';
  }
}
