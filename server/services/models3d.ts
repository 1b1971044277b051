import { AppError } from '../errors';

export const invalidModel = () => new AppError(415, 'app.exams.invalidModel', { model: 'app.exams.invalidModel' });

const isDataUri = (uri: unknown) => typeof uri === 'string' && /^data:[\w.+/-]*;base64,/i.test(uri);

/**
 * Checks a 3D model by its content and says how to store it:
 * - GLB: the magic 'glTF', version 2, and the length in the header equal to the file's;
 * - glTF JSON: an object with asset.version, whose buffers and images are
 *   embedded (data: URIs) — a model never makes the viewer fetch another address.
 * Anything else answers 415.
 */
export function checkModel(data: Buffer): 'glb' | 'gltf' {
  if (data.length >= 20 && data.subarray(0, 4).toString('latin1') === 'glTF') {
    const version = data.readUInt32LE(4);
    const length = data.readUInt32LE(8);
    const chunkLength = data.readUInt32LE(12);
    const chunkType = data.subarray(16, 20).toString('latin1');
    if (version !== 2 || length !== data.length || chunkType !== 'JSON' || 20 + chunkLength > data.length)
      throw invalidModel();
    checkGltfJson(data.subarray(20, 20 + chunkLength));
    return 'glb';
  }
  checkGltfJson(data);
  return 'gltf';
}

function checkGltfJson(bytes: Buffer): void {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw invalidModel();
  }
  const model = json as { asset?: { version?: unknown }; buffers?: { uri?: unknown }[]; images?: { uri?: unknown }[] };
  if (!model || typeof model !== 'object' || typeof model.asset?.version !== 'string') throw invalidModel();
  const external = [...(model.buffers ?? []), ...(model.images ?? [])].some(
    (b) => b && b.uri !== undefined && !isDataUri(b.uri),
  );
  if (external) throw invalidModel();
}
