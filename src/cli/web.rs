//! `holotable web`: the web pages served alone from the bot's database, for
//! an operator who keeps the bot and the site on different machines. It
//! reads and never writes, so a database role that may only read serves it.

use anyhow::Context;
use holotable::model::Access;
use holotable::service::{EngineOpponent, Service, Settings, SystemClock};
use std::sync::Arc;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    db: crate::cli::DatabaseArg,
    /// Where to listen, as IP:PORT.
    #[arg(long, env = "HOLOTABLE_WEB_ADDR", default_value = holotable::web::DEFAULT_ADDR)]
    addr: String,
    /// The pages' address as people reach them, for a link's unfurl, e.g.
    /// https://holotable.example.org. Unset: the host a request names.
    #[arg(long, env = "HOLOTABLE_PUBLIC_URL")]
    public_url: Option<String>,
}

pub fn run(args: &Args) -> anyhow::Result<()> {
    // A blank setting (`.env.example` ships `HOLOTABLE_WEB_ADDR=`) is the default.
    let address = match super::address_setting("HOLOTABLE_WEB_ADDR", Some(&args.addr), 8080)? {
        Some(address) => address,
        None => holotable::web::DEFAULT_ADDR.parse()?,
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("starting the async runtime")?;
    runtime.block_on(async {
        // An existing database only: pages of a database the bot never
        // made would all be 404s, and a reader may not create one.
        let service = Service::open(
            &args.db.url,
            Access::Existing,
            args.db.timeout.get(),
            Arc::new(SystemClock),
            Arc::new(EngineOpponent),
            Settings::default(),
        )
        .await
        .with_context(|| {
            format!(
                "opening {}",
                holotable::model::without_password(&args.db.url)
            )
        })?;
        let public_url = super::public_url(args.public_url.as_deref())?;
        let bound = holotable::web::serve(address, Arc::new(service), public_url.as_deref())
            .await
            .with_context(|| format!("listening on {address}"))?;
        crate::cli::output::outln!("Serving the web pages at http://{bound}/");
        tokio::signal::ctrl_c()
            .await
            .context("waiting for Ctrl-C")?;
        Ok(())
    })
}
