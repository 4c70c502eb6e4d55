## Who may vote in a server's community games: what a refused member is
## told, what managers see and set with `/settings voters`, and the
## refusals counted in `/community stats`.

# A member the voter rules refuse. Which rule stays with the managers.
voters-refusal-not-yet = You cannot vote in this server's games yet. If you think you should, ask one of the server's managers.
voters-refusal-bad-threshold = “{ $text }” is not a length of time I can read. Write whole numbers with units, like 7d, 12h or 1d 12h (w for weeks, d for days, h for hours, m for minutes), or 0 for no minimum.
voters-refusal-threshold-too-long = A minimum can be at most { $longest }.

voters-current = Who may vote in this server's community games:
voters-saved = Saved. From the next vote on, who may vote in this server's community games:
voters-account-age-any = Accounts of any age may vote.
voters-account-age = An account must be at least { $age } old to vote.
voters-time-in-server-any = Members may vote as soon as they join the server.
voters-time-in-server = A member must have been in the server for at least { $time } to vote.
voters-role-any = No role is needed to vote.
voters-role = Only members with the role { $role } may vote.
voters-league-note = In a league's games, the league's own minimums apply where they are longer.

voters-refusals-none = The voter rules have refused no votes in this server.
voters-refusals-heading = Votes the voter rules refused in this server:
voters-refusals-line = { $rule ->
    [account-age] Account too new
    [time-in-server] Too short a time in the server
   *[role] Without the required role
}: { $count ->
    [one] { $count } vote
   *[other] { $count } votes
}
