count-votes = { $count }票
count-legal-moves = 合法手{ $count }通り
