//! Request-body validation against Discord's official OpenAPI spec, read at
//! test time from `<manifest>/../shared/discord-api-spec/openapi.json`.
//!
//! A small validator for the part of JSON Schema the spec uses: `$ref`,
//! `type` (one or a list), `const`, `enum`, `properties`, `required`,
//! `additionalProperties`, `items`, `minLength`/`maxLength`,
//! `minItems`/`maxItems`, `minimum`/`maximum`, `oneOf`/`anyOf`/`allOf`,
//! `nullable`, and the snowflake `pattern`. Two choices:
//! - unknown properties are violations even where the spec does not say
//!   `additionalProperties: false`: misspelt field names are exactly the
//!   mistakes Discord silently ignores, so the stand-in must not;
//! - `oneOf` is checked as "at least one": the spec's alternatives overlap
//!   (it marks real unions `x-discord-union: oneOf` on an `anyOf`).

use serde_json::Value;
use std::path::PathBuf;

pub struct Spec {
    root: Value,
    /// (method, path template split in segments, request schema)
    operations: Vec<(String, Vec<String>, Value)>,
}

impl Spec {
    /// Loads the spec, or says loudly why the schema check is skipped.
    pub fn load() -> Option<Spec> {
        let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../shared/discord-api-spec/openapi.json");
        let text = match std::fs::read_to_string(&path) {
            Ok(text) => text,
            // CI has the spec beside the clone: there a missing one is a
            // broken run, never a quiet skip.
            Err(error) if std::env::var("CI").is_ok_and(|ci| ci == "true") => {
                panic!("{} is not readable under CI: {error}", path.display())
            }
            Err(error) => {
                eprintln!(
                    "\n!!!!!!!!!!\n!!! WARNING: {} is not readable ({error}).\n!!! The Discord stand-in SKIPS the OpenAPI schema check of request bodies.\n!!!!!!!!!!\n",
                    path.display()
                );
                return None;
            }
        };
        let root: Value = serde_json::from_str(&text).expect("the OpenAPI spec is JSON");
        let mut operations = Vec::new();
        if let Some(paths) = root.get("paths").and_then(Value::as_object) {
            for (template, item) in paths {
                let Some(item) = item.as_object() else {
                    continue;
                };
                for (method, operation) in item {
                    let schema = operation
                        .pointer("/requestBody/content/application~1json/schema")
                        .cloned()
                        .unwrap_or(Value::Null);
                    let segments = template
                        .trim_matches('/')
                        .split('/')
                        .map(String::from)
                        .collect();
                    operations.push((method.to_ascii_uppercase(), segments, schema));
                }
            }
        }
        Some(Spec { root, operations })
    }

    /// Checks a JSON body sent to `method path` (path after `/api/v10`,
    /// without the query). Returns the violations.
    pub fn check(&self, method: &str, path: &str, body: &Value) -> Vec<String> {
        let segments: Vec<&str> = path.trim_matches('/').split('/').collect();
        let best = self
            .operations
            .iter()
            .filter(|(m, template, _)| {
                m == method
                    && template.len() == segments.len()
                    && template
                        .iter()
                        .zip(&segments)
                        .all(|(t, s)| t.starts_with('{') || t == s)
            })
            .max_by_key(|(_, template, _)| template.iter().filter(|t| !t.starts_with('{')).count());
        let Some((_, _, schema)) = best else {
            return vec![format!("{method} {path}: no such operation in the spec")];
        };
        if schema.is_null() {
            return if body.is_null() {
                Vec::new()
            } else {
                vec![format!("{method} {path}: the spec takes no JSON body")]
            };
        }
        let mut errors = Vec::new();
        self.validate(schema, body, "$", &mut errors);
        errors
            .into_iter()
            .map(|e| format!("{method} {path}: {e}"))
            .collect()
    }

    /// Checks `value` against the spec's schema `name`
    /// (`#/components/schemas/{name}`). Returns the violations.
    pub fn check_schema(&self, name: &str, value: &Value) -> Vec<String> {
        let schema = serde_json::json!({ "$ref": format!("#/components/schemas/{name}") });
        let mut errors = Vec::new();
        self.validate(&schema, value, "$", &mut errors);
        errors
    }

    fn resolve<'a>(&'a self, schema: &'a Value) -> &'a Value {
        let mut schema = schema;
        while let Some(reference) = schema.get("$ref").and_then(Value::as_str) {
            let pointer = reference.trim_start_matches('#');
            schema = self.root.pointer(pointer).unwrap_or(&Value::Null);
        }
        schema
    }

    fn validate(&self, schema: &Value, value: &Value, at: &str, errors: &mut Vec<String>) {
        let schema = self.resolve(schema);
        if value.is_null() && schema.get("nullable").and_then(Value::as_bool) == Some(true) {
            return;
        }
        if let Some(all) = schema.get("allOf").and_then(Value::as_array) {
            for part in all {
                // allOf parts only add constraints; unknown-field strictness
                // belongs to the object that lists the properties.
                self.validate_inner(part, value, at, errors, false);
            }
        }
        for key in ["oneOf", "anyOf"] {
            if let Some(choices) = schema.get(key).and_then(Value::as_array) {
                let mut reasons = Vec::new();
                let fits = choices.iter().any(|choice| {
                    let mut found = Vec::new();
                    self.validate(choice, value, at, &mut found);
                    if !found.is_empty() {
                        reasons.push(found.join("; "));
                    }
                    found.is_empty()
                });
                if !fits {
                    // The alternative whose `type` tag fit explains best.
                    let shortest = reasons
                        .iter()
                        .filter(|r| !r.contains(".type: "))
                        .chain(reasons.iter())
                        .min_by_key(|r| (r.contains(".type: "), r.len()))
                        .cloned()
                        .unwrap_or_default();
                    errors.push(format!(
                        "{at}: matches none of {} alternatives (closest: {shortest})",
                        choices.len()
                    ));
                }
            }
        }
        self.validate_inner(schema, value, at, errors, true);
    }

    fn validate_inner(
        &self,
        schema: &Value,
        value: &Value,
        at: &str,
        errors: &mut Vec<String>,
        strict: bool,
    ) {
        let schema = self.resolve(schema);
        if schema.get("allOf").is_some() && !strict {
            // Reached through an outer allOf: validate the nested one fully.
            self.validate(schema, value, at, errors);
            return;
        }
        if let Some(types) = schema.get("type") {
            let allowed: Vec<&str> = match types {
                Value::String(t) => vec![t.as_str()],
                Value::Array(list) => list.iter().filter_map(Value::as_str).collect(),
                _ => Vec::new(),
            };
            if !allowed.iter().any(|t| type_fits(t, value)) {
                errors.push(format!(
                    "{at}: expected {}, got {}",
                    allowed.join(" or "),
                    short(value)
                ));
                return;
            }
        }
        if let Some(constant) = schema.get("const")
            && constant != value
        {
            errors.push(format!("{at}: must be {constant}, got {}", short(value)));
        }
        if let Some(options) = schema.get("enum").and_then(Value::as_array)
            && !options.contains(value)
        {
            errors.push(format!(
                "{at}: {} is not one of {}",
                short(value),
                Value::Array(options.clone())
            ));
        }
        match value {
            Value::String(text) => {
                let length = text.chars().count() as u64;
                if let Some(max) = schema.get("maxLength").and_then(Value::as_u64)
                    && length > max
                {
                    errors.push(format!("{at}: {length} characters, at most {max}"));
                }
                if let Some(min) = schema.get("minLength").and_then(Value::as_u64)
                    && length < min
                {
                    errors.push(format!("{at}: {length} characters, at least {min}"));
                }
                if schema.get("pattern").and_then(Value::as_str) == Some("^(0|[1-9][0-9]*)$")
                    && !is_snowflake(text)
                {
                    errors.push(format!("{at}: {text:?} is not a snowflake"));
                }
            }
            Value::Number(number) => {
                let n = number.as_f64().unwrap_or(0.0);
                if let Some(max) = schema.get("maximum").and_then(Value::as_f64)
                    && n > max
                {
                    errors.push(format!("{at}: {n} is above {max}"));
                }
                if let Some(min) = schema.get("minimum").and_then(Value::as_f64)
                    && n < min
                {
                    errors.push(format!("{at}: {n} is below {min}"));
                }
            }
            Value::Array(items) => {
                if let Some(max) = schema.get("maxItems").and_then(Value::as_u64)
                    && items.len() as u64 > max
                {
                    errors.push(format!("{at}: {} items, at most {max}", items.len()));
                }
                if let Some(min) = schema.get("minItems").and_then(Value::as_u64)
                    && (items.len() as u64) < min
                {
                    errors.push(format!("{at}: {} items, at least {min}", items.len()));
                }
                if let Some(item_schema) = schema.get("items") {
                    for (i, item) in items.iter().enumerate() {
                        self.validate(item_schema, item, &format!("{at}[{i}]"), errors);
                    }
                }
            }
            Value::Object(fields) => {
                let properties = schema.get("properties").and_then(Value::as_object);
                if let Some(required) = schema.get("required").and_then(Value::as_array) {
                    for name in required.iter().filter_map(Value::as_str) {
                        if !fields.contains_key(name) {
                            errors.push(format!("{at}: missing required field {name:?}"));
                        }
                    }
                }
                for (name, field) in fields {
                    let path = format!("{at}.{name}");
                    match properties.and_then(|p| p.get(name)) {
                        Some(field_schema) => self.validate(field_schema, field, &path, errors),
                        None => match schema.get("additionalProperties") {
                            Some(Value::Bool(true)) => {}
                            Some(extra @ Value::Object(_)) => {
                                self.validate(extra, field, &path, errors)
                            }
                            _ if strict && properties.is_some() => {
                                errors.push(format!("{at}: unknown field {name:?}"))
                            }
                            _ => {}
                        },
                    }
                }
            }
            _ => {}
        }
    }
}

fn is_snowflake(text: &str) -> bool {
    text == "0"
        || (!text.is_empty() && !text.starts_with('0') && text.bytes().all(|b| b.is_ascii_digit()))
}

fn type_fits(kind: &str, value: &Value) -> bool {
    match kind {
        "null" => value.is_null(),
        "string" => value.is_string(),
        "boolean" => value.is_boolean(),
        "integer" => value.is_i64() || value.is_u64(),
        "number" => value.is_number(),
        "array" => value.is_array(),
        "object" => value.is_object(),
        _ => true,
    }
}

fn short(value: &Value) -> String {
    let text = value.to_string();
    if text.len() > 60 {
        format!(
            "{}…",
            &text[..text.char_indices().nth(60).map_or(text.len(), |(i, _)| i)]
        )
    } else {
        text
    }
}
