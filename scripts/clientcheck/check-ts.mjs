// Reads the types openapi-typescript generated and checks that every error
// response of the document is the whole error envelope (code, message,
// details), not a narrowed copy that drops fields.
import { readFileSync } from "node:fs";

const src = readFileSync(process.argv[2], "utf8");
const fail = (msg) => { console.error("check-ts: " + msg); process.exit(1); };

const error = src.match(/\n {8}Error: \{\n {12}error: \{([\s\S]*?)\n {12}\};/);
if (!error) fail("no Error schema");
for (const field of ["code:", "message:", "details?:"]) {
  if (!error[1].includes(field)) fail(`Error schema lacks ${field}`);
}
const responses = src.slice(src.indexOf("    responses: {"));
const bodies = [...responses.matchAll(/"application\/json": ([^;]+);/g)].map((m) => m[1]);
const errorBodies = bodies.filter((b) => b.includes("Error"));
if (errorBodies.length < 10) fail(`only ${errorBodies.length} error responses found`);
for (const b of errorBodies) {
  if (b.trim() !== 'components["schemas"]["Error"]') fail(`an error response is ${b.trim()}, not the whole envelope`);
}
console.log(`check-ts: ${errorBodies.length} error responses are the whole envelope`);
