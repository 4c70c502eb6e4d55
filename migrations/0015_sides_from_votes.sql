-- A member's side in a shared game is now read from their counted votes
-- (`Store::seats_voted`). The claims kept here were written before the
-- vote and outlived a vote that was then refused, binding the member to a
-- side they never voted for.
DROP TABLE side_voters;
