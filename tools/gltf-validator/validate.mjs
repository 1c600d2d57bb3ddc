// Runs the Khronos glTF validator on one .gltf/.glb file and prints its JSON
// report. Exit 0: no errors; 1: errors; 2: could not run.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import validator from 'gltf-validator';

const file = process.argv[2];
if (!file) {
  console.error('usage: node validate.mjs FILE.gltf|FILE.glb');
  process.exit(2);
}
try {
  const data = new Uint8Array(await readFile(file));
  const report = await validator.validateBytes(data, {
    uri: path.basename(file),
    maxIssues: 200,
    externalResourceFunction: (uri) =>
      readFile(path.resolve(path.dirname(file), decodeURIComponent(uri))).then((b) => new Uint8Array(b)),
  });
  console.log(JSON.stringify(report, null, 1));
  process.exit(report.issues.numErrors > 0 ? 1 : 0);
} catch (error) {
  console.error(String(error));
  process.exit(2);
}
