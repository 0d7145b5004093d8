import Ajv2020Mod from "ajv/dist/2020.js";
import { fullFormats } from "ajv-formats/dist/formats.js";
const Ajv2020 = Ajv2020Mod.default;
const s = {"properties":{"a_renamed":true},"required":["a"],"additionalProperties":{"allOf":[{"const":1e+21},{"type":"number","exclusiveMinimum":0,"multipleOf":0.5}]},"type":"object","$defs":{"d":true}};
const v = {"a":1e+21,"a_renamed":null};
for (const opts of [{}, {multipleOfPrecision: 6}]) {
  const ajv = new Ajv2020({ strict: false, formats: fullFormats, logger: false, ownProperties: true, ...opts });
  const f = ajv.compile(s); console.log(JSON.stringify(opts), f(v), JSON.stringify(f.errors));
}
