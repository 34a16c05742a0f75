// Validates an OpenAPI document with @apidevtools/swagger-parser (schema and
// references); exits 1 with the parser's message when it is invalid.
const SwaggerParser = require("@apidevtools/swagger-parser");
SwaggerParser.validate(process.argv[2])
  .then(() => console.log("swagger-parser: valid"))
  .catch((e) => { console.error(e.message); process.exit(1); });
