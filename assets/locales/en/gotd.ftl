# Gamer of the Day: the daily post and the replies of `/{ cmd-gotd-name }`.

## The post. Its first line is the seed's own ("Today's Gamer of the Day
## is: Padmé Amidala from Star Wars: The Clone Wars").

# $member is the member as Discord writes them (<@id>); $record lists what
# they did (gotd-record-*).
gotd-post-member = **Today's Gamer of the Day is: { $member }**
    Yesterday on the holotable: { $record }.
# Nobody played: a character from the curated list (gotd-curated.ftl).
gotd-post-character = **Today's Gamer of the Day is: { $name } from { $from }**
    { $blurb }
    (Nobody played yesterday, so the honour goes to the galaxy.)
gotd-post-fact-heading = **Trooper ST-3V3 Fun Fact:**

## The member's record of the day before: each term that is not zero,
## joined by gotd-record-separator.

gotd-record-winning-votes = { $count ->
    [one] { $count } winning vote
   *[other] { $count } winning votes
}
gotd-record-community-wins = { $count ->
    [one] { $count } community game won
   *[other] { $count } community games won
}
gotd-record-matches-won = { $count ->
    [one] { $count } match won
   *[other] { $count } matches won
}
gotd-record-rating-gained = +{ $points } rating
gotd-record-rating-lost = -{ $points } rating
gotd-record-separator = {", "}

## Replies of /gotd, to the member who used it only.

# $time is the setting as HH:MM in $zone (an IANA name), kept as written:
# the setting is a wall-clock time, not one moment.
gotd-setup-on = Gamer of the Day is on: every day at { $time } ({ $zone }) in { $channel }.
gotd-setup-pinged = The Gamer of the Day is pinged.
gotd-setup-not-pinged = The Gamer of the Day is named without a ping.
gotd-setup-next-now = Today's post is on its way now.
# $unix is a moment; Discord shows it in each reader's own time.
gotd-setup-next-at = The next one goes out <t:{ $unix }:F> (<t:{ $unix }:R>).
gotd-off-done = The Gamer of the Day is off. `/{ cmd-gotd-name } { cmd-gotd-setup-name }` turns it on again.
gotd-off-was-off = The Gamer of the Day was not on in this server.
# $date is the server's local date, YYYY-MM-DD.
gotd-preview-posted = Preview of the post for { $date } (already posted):
gotd-preview-not-posted = Preview of the post for { $date } (not posted yet):
gotd-now-posted = Today's Gamer of the Day is on its way to { $channel }.
gotd-now-posted-elsewhere = Today's Gamer of the Day is on its way to its channel.
gotd-now-already-posted = Today's post ({ $date }) has gone out already; the next one comes tomorrow.
