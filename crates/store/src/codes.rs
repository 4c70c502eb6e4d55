//! What a database's error code says about waiting: whether the failure
//! lasts until a person acts ([`Permanent`]), passes by itself (the
//! database went away, or cannot take writes for a moment), or is neither
//! (a refusal of this one statement, left to its caller).
//!
//! Read from the code alone, so that both backends, and every error
//! that carries one (a statement's, a migration's, the start's schema
//! check), are judged alike.
//!
//! Codes left out on purpose, which a person sees in the driver's own
//! words: PostgreSQL's 53300 (too many connections: a refusal of this
//! connection, tried again by the pool) and 08P01 (a protocol violation,
//! counted with class 08 as a connection that went away); SQLite's
//! SQLITE_CANTOPEN and SQLITE_PERM (the start already names the file it
//! could not open) and SQLITE_IOERR_CORRUPTFS (an I/O error first, which
//! a person reads in its own words).

use holotable_model::Permanent;
use std::borrow::Cow;

/// A database's own code for an error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Code<'a> {
    /// SQLite's extended result code.
    Sqlite(i32),
    /// PostgreSQL's SQLSTATE.
    Sqlstate(Cow<'a, str>),
}

impl<'a> Code<'a> {
    /// The code of `error`, when the database gave one.
    pub(crate) fn of(error: &'a sqlx::Error) -> Option<Code<'a>> {
        let sqlx::Error::Database(db) = error else {
            return None;
        };
        let code = db.code()?;
        Some(match db.try_downcast_ref::<sqlx::sqlite::SqliteError>() {
            Some(_) => Code::Sqlite(code.parse().ok()?),
            None => Code::Sqlstate(code),
        })
    }

    /// Why the database cannot be written to until a person acts, if that
    /// is what this code says.
    pub(crate) fn permanent(&self) -> Option<Permanent> {
        if self.passes() {
            return None;
        }
        match self {
            // SQLite's primary result code is the low byte of the extended
            // one it reports (`SQLITE_READONLY_DBMOVED` is 1032, say).
            Code::Sqlite(code) => match code & 0xff {
                // SQLITE_CORRUPT, SQLITE_NOTADB.
                11 | 26 => Some(Permanent::Damaged),
                // SQLITE_FULL.
                13 => Some(Permanent::Full),
                // SQLITE_READONLY: the file, its folder or the disk allows
                // reading alone, or the file was moved away while open
                // (DBMOVED: a new file at its path is not this one).
                8 => Some(Permanent::ReadOnly),
                _ => None,
            },
            // disk_full; data_corrupted and index_corrupted; no privilege
            // (a right the role lacks, not a database that refuses writes).
            Code::Sqlstate(code) => match code.as_ref() {
                "53100" => Some(Permanent::Full),
                "XX001" | "XX002" => Some(Permanent::Damaged),
                _ if self.denied() => Some(Permanent::Denied),
                _ => None,
            },
        }
    }

    /// Why the database still cannot be written to when a failure that
    /// usually passes ([`Code::passes`]) has lasted as long as a command
    /// waits: a standby (25006) that stays one is a replica, or a
    /// database set to `default_transaction_read_only` (as a managed
    /// service does near its storage limit), read-only until a person acts.
    pub(crate) fn permanent_once_waited(&self) -> Option<Permanent> {
        match self {
            Code::Sqlstate(code) if code == "25006" => Some(Permanent::ReadOnly),
            _ => self.permanent(),
        }
    }

    /// Whether the database refused the role: SQLSTATE
    /// insufficient_privilege, or invalid_schema_name ("no schema has been
    /// selected to create in", which is what a role that may not use the
    /// schema it is pointed at is told).
    pub(crate) fn denied(&self) -> bool {
        matches!(self, Code::Sqlstate(code) if matches!(code.as_ref(), "42501" | "3F000"))
    }

    /// Whether the statement named a table that does not exist: SQLSTATE
    /// undefined_table. SQLite reports it as a plain SQLITE_ERROR (1),
    /// named only in its message, which the caller reads.
    pub(crate) fn undefined_table(&self) -> bool {
        matches!(self, Code::Sqlstate(code) if code == "42P01")
    }

    /// Whether the database went away, or cannot take this write for a
    /// moment: trying again later may succeed.
    pub(crate) fn passes(&self) -> bool {
        match self {
            // Nothing SQLite reports passes by itself: its SQLITE_BUSY is
            // waited out by the busy timeout already, and
            // SQLITE_READONLY_RECOVERY (264) is met only by a connection
            // whose `-shm` file is read-only to it, which can never write
            // the file: read-only, as plain SQLITE_READONLY is.
            Code::Sqlite(_) => false,
            // Class 08 is "connection exception"; 57P01 to 57P03 are an
            // administrator's or a crash's shutdown, and a server not yet
            // accepting connections; 25006 (read_only_sql_transaction) is
            // a standby, met during a failover until the connection
            // reaches the new primary.
            Code::Sqlstate(code) => {
                code.starts_with("08") || code.starts_with("57P") || code == "25006"
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::StoreError;
    use sqlx::migrate::MigrateError;

    fn sqlite(code: i32) -> Code<'static> {
        Code::Sqlite(code)
    }

    fn sqlstate(code: &'static str) -> Code<'static> {
        Code::Sqlstate(code.into())
    }

    /// SQLite's extended result codes (sqlite3.h): each is its primary
    /// code, SQLITE_READONLY (8), with a kind in the byte above.
    const READONLY_RECOVERY: i32 = 8 | (1 << 8);
    const READONLY_DBMOVED: i32 = 8 | (4 << 8);

    #[test]
    fn a_standby_is_waited_out_and_then_read_only_if_it_stays_one() {
        let standby = sqlstate("25006");
        assert_eq!(standby.permanent(), None);
        assert!(standby.passes());
        assert_eq!(standby.permanent_once_waited(), Some(Permanent::ReadOnly));
        // A database that went away is still only that, however long.
        assert_eq!(sqlstate("08006").permanent_once_waited(), None);
    }

    /// SQLITE_READONLY_RECOVERY was waited out as if it passed: it is met
    /// only by a connection that may not write the `-shm` file, which no
    /// wait mends.
    #[test]
    fn a_read_only_file_a_wal_this_process_cannot_recover_and_a_moved_file_stay_permanent() {
        for code in [
            sqlite(8),
            sqlite(READONLY_RECOVERY),
            sqlite(READONLY_DBMOVED),
        ] {
            assert_eq!(code.permanent(), Some(Permanent::ReadOnly), "{code:?}");
            assert!(!code.passes(), "{code:?}");
        }
    }

    #[test]
    fn a_role_without_rights_is_told_so_and_not_that_the_database_is_read_only() {
        // 3F000: a schema the role may not use, met at the start as
        // while playing.
        for code in [sqlstate("42501"), sqlstate("3F000")] {
            assert_eq!(code.permanent(), Some(Permanent::Denied), "{code:?}");
            assert!(code.denied() && !code.passes(), "{code:?}");
        }
        assert!(sqlstate("42P01").undefined_table());
        assert!(!sqlstate("42P01").denied());
    }

    #[test]
    fn the_other_codes_keep_their_meaning() {
        assert_eq!(sqlite(13).permanent(), Some(Permanent::Full));
        assert_eq!(sqlite(11).permanent(), Some(Permanent::Damaged));
        assert_eq!(sqlite(26).permanent(), Some(Permanent::Damaged));
        assert_eq!(sqlstate("53100").permanent(), Some(Permanent::Full));
        assert_eq!(sqlstate("XX001").permanent(), Some(Permanent::Damaged));
        // SQLITE_BUSY and a unique violation: neither.
        assert_eq!(sqlite(5).permanent(), None);
        assert_eq!(sqlstate("23505").permanent(), None);
        assert!(sqlstate("08006").passes() && sqlstate("57P01").passes());
        assert!(!sqlstate("23505").passes() && !sqlite(5).passes());
    }

    /// PostgreSQL's answer to a statement, as sqlx hands it on.
    #[derive(Debug)]
    struct Answer(&'static str);

    impl std::fmt::Display for Answer {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            write!(f, "error {}", self.0)
        }
    }

    impl std::error::Error for Answer {}

    impl sqlx::error::DatabaseError for Answer {
        fn message(&self) -> &str {
            "could not extend file: No space left on device"
        }

        fn code(&self) -> Option<Cow<'_, str>> {
            Some(self.0.into())
        }

        fn as_error(&self) -> &(dyn std::error::Error + Send + Sync + 'static) {
            self
        }

        fn as_error_mut(&mut self) -> &mut (dyn std::error::Error + Send + Sync + 'static) {
            self
        }

        fn into_error(self: Box<Self>) -> Box<dyn std::error::Error + Send + Sync + 'static> {
            self
        }

        fn kind(&self) -> sqlx::error::ErrorKind {
            sqlx::error::ErrorKind::Other
        }
    }

    fn answer(code: &'static str) -> sqlx::Error {
        sqlx::Error::Database(Box::new(Answer(code)))
    }

    #[test]
    fn a_full_disk_met_by_the_migrations_is_a_full_disk() {
        for error in [
            StoreError::Migrate(MigrateError::Execute(answer("53100"))),
            StoreError::Migrate(MigrateError::ExecuteMigration(answer("53100"), 3)),
        ] {
            assert_eq!(error.permanent(), Some(Permanent::Full), "{error}");
        }
        let statement = StoreError::from(answer("53100"));
        assert_eq!(statement.permanent(), Some(Permanent::Full));
    }
}
