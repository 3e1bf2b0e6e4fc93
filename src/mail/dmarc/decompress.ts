import { gunzipSync } from 'node:zlib';
import { Unzip, UnzipInflate } from 'fflate';

/** Largest attachment we look at at all: a real aggregate report, even zipped from a big receiver, is far smaller. */
export const MAX_COMPRESSED_BYTES = 20 * 1024 * 1024;
/** Largest XML we expand to or parse. The object tree is many times the text: a 19 MB report (34,000 records) took
 *  3.5 s and ~400 MB RSS here, so 16 MB; big receivers' daily reports for one domain are usually well under 1 MB. */
export const MAX_XML_BYTES = 16 * 1024 * 1024;
/** Zip input is fed to the streaming inflater in slices this big: deflate expands at most ~1032:1, so one slice yields at most ~4 MB past the cap before we stop. */
const ZIP_SLICE_BYTES = 4 * 1024;

export type Unpacked = { xml: Buffer } | { error: string };

/** What the bytes are, by magic number: filenames and content types in report mail are often wrong (.zip sent as application/gzip, .xml.gz as octet-stream). */
export function detectFormat(content: Uint8Array): 'gzip' | 'zip' | 'xml' {
  if (content[0] === 0x1f && content[1] === 0x8b) return 'gzip';
  if (content[0] === 0x50 && content[1] === 0x4b && content[2] === 0x03 && content[3] === 0x04) return 'zip';
  return 'xml';
}

export function unpack(content: Buffer): Unpacked {
  if (content.length > MAX_COMPRESSED_BYTES) return { error: `attachment larger than ${MAX_COMPRESSED_BYTES} bytes` };
  const format = detectFormat(content);
  if (format === 'gzip') return gunzipCapped(content);
  if (format === 'zip') return unzipFirstXml(content);
  if (content.length > MAX_XML_BYTES) return { error: `XML larger than ${MAX_XML_BYTES} bytes` };
  return { xml: content };
}

/** node:zlib rather than fflate's gunzipSync: fflate sizes its output buffer from the gzip trailer, which the sender writes
 *  (up to 4 GB), and has no output limit; zlib's maxOutputLength stops inflating once the cap is passed (RangeError). */
function gunzipCapped(content: Buffer): Unpacked {
  try {
    return { xml: gunzipSync(content, { maxOutputLength: MAX_XML_BYTES }) };
  } catch (err) {
    if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return { error: `gzip expands past ${MAX_XML_BYTES} bytes` };
    return { error: `gzip: ${(err as Error).message}` };
  }
}

/** The first *.xml entry, inflated by fflate's streaming Unzip. Not unzipSync: its filter only sees the sizes the archive
 *  declares, and with a lying size it inflates into a fixed buffer while still walking the whole bomb. Streaming lets us
 *  count real output bytes and stop at the cap. */
function unzipFirstXml(content: Buffer): Unpacked {
  const chunks: Uint8Array[] = [];
  let total = 0;
  let found = false;
  let done = false;
  let failure: string | undefined;
  const unzip = new Unzip((file) => {
    if (found || failure || !/\.xml$/i.test(file.name)) return; // never started: fflate skips its data
    found = true;
    if (file.originalSize !== undefined && file.originalSize > MAX_XML_BYTES) {
      failure = `zip entry declares ${file.originalSize} bytes, more than ${MAX_XML_BYTES}`;
      return;
    }
    file.ondata = (err, chunk, final) => {
      if (failure || done) return;
      if (err) failure = `zip: ${err.message}`;
      else if ((total += chunk.length) > MAX_XML_BYTES) failure = `zip entry expands past ${MAX_XML_BYTES} bytes`;
      else {
        chunks.push(chunk);
        done = final;
      }
      if (failure) file.terminate();
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    for (let at = 0; at < content.length && !failure && !done; at += ZIP_SLICE_BYTES) {
      unzip.push(content.subarray(at, at + ZIP_SLICE_BYTES), at + ZIP_SLICE_BYTES >= content.length);
    }
  } catch (err) {
    return { error: `zip: ${(err as Error).message}` };
  }
  if (failure) return { error: failure };
  if (!found) return { error: 'zip holds no .xml file' };
  if (!done) return { error: 'zip: .xml entry is truncated' };
  return { xml: Buffer.concat(chunks) };
}
