//! Database URLs as people see them: a PostgreSQL URL may carry a
//! password, which no message, log line or output of ours may show.

/// `url` with any password replaced by `***`, for messages: a PostgreSQL
/// URL may carry one, and secrets are never printed.
pub fn without_password(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    let (authority, path) = rest.split_at(rest.find(['/', '?']).unwrap_or(rest.len()));
    let authority = match authority.rsplit_once('@') {
        Some((credentials, host)) => match credentials.split_once(':') {
            Some((user, _)) => format!("{user}:***@{host}"),
            None => authority.to_string(),
        },
        None => authority.to_string(),
    };
    let path = match path.split_once('?') {
        Some((path, query)) => {
            let masked: Vec<String> = query
                .split('&')
                .map(|pair| match pair.split_once('=') {
                    Some((key, _)) if key.eq_ignore_ascii_case("password") => format!("{key}=***"),
                    _ => pair.to_string(),
                })
                .collect();
            format!("{path}?{}", masked.join("&"))
        }
        None => path.to_string(),
    };
    format!("{scheme}://{authority}{path}")
}

/// The passwords a database URL carries (`user:PASSWORD@host`, a
/// `password=` parameter), as written and percent-decoded, for redaction.
pub fn passwords_in(url: &str) -> Vec<String> {
    let Some((_, rest)) = url.split_once("://") else {
        return Vec::new();
    };
    let (authority, path) = rest.split_at(rest.find(['/', '?']).unwrap_or(rest.len()));
    let mut written = Vec::new();
    if let Some((credentials, _)) = authority.rsplit_once('@')
        && let Some((_, password)) = credentials.split_once(':')
    {
        written.push(password.to_string());
    }
    if let Some((_, query)) = path.split_once('?') {
        written.extend(query.split('&').filter_map(|pair| {
            let (key, value) = pair.split_once('=')?;
            key.eq_ignore_ascii_case("password")
                .then(|| value.to_string())
        }));
    }
    let decoded: Vec<String> = written.iter().map(|p| percent_decoded(p)).collect();
    let mut all: Vec<String> = Vec::new();
    for password in written.into_iter().chain(decoded) {
        if !password.is_empty() && !all.contains(&password) {
            all.push(password);
        }
    }
    all
}

fn percent_decoded(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes
            .get(i + 1..i + 3)
            .and_then(|h| std::str::from_utf8(h).ok())
            .and_then(|h| u8::from_str_radix(h, 16).ok());
        match (bytes[i], hex) {
            (b'%', Some(byte)) => {
                out.push(byte);
                i += 3;
            }
            (byte, _) => {
                out.push(byte);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::{passwords_in, without_password};

    #[test]
    fn a_password_given_as_a_url_parameter_is_never_shown() {
        assert_eq!(
            without_password("postgres://bot@db.example/holotable?password=s3cret&sslmode=require"),
            "postgres://bot@db.example/holotable?password=***&sslmode=require"
        );
        assert_eq!(
            without_password("postgres://db.example?PASSWORD=s3cret"),
            "postgres://db.example?PASSWORD=***"
        );
    }

    #[test]
    fn every_form_of_a_url_password_is_listed_for_redaction() {
        assert_eq!(
            passwords_in("postgres://bot:p%40ss@db/h?password=other"),
            ["p%40ss", "other", "p@ss"]
        );
        assert!(passwords_in("sqlite://holotable.db").is_empty());
        assert!(passwords_in("postgres://bot@db/h").is_empty());
    }

    #[test]
    fn a_password_in_a_database_url_is_never_shown() {
        assert_eq!(
            without_password("postgres://bot:s3cret@db.example:5432/holotable?sslmode=require"),
            "postgres://bot:***@db.example:5432/holotable?sslmode=require"
        );
        assert_eq!(
            without_password("postgresql://bot@db.example/holotable"),
            "postgresql://bot@db.example/holotable"
        );
        assert_eq!(
            without_password("sqlite://holotable.db"),
            "sqlite://holotable.db"
        );
    }
}
