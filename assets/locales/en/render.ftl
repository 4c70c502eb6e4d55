# Words drawn on board images and GIF replays, and their alt text.
# Image labels are short: the caption strip holds the game's name and
# these on one line, parts joined by " · ". Every character of the
# Japanese file must be in assets/fonts/NotoSansJP-subset.otf: after
# changing it, run scripts/subset-japanese-font.sh.

# Who a label names, as a label begins with it: a side or an army, or a
# pair of armies (two-player Djambi).
render-side = { $seat ->
    [white] White
    [black] Black
    [light] Light
    [dark] Dark
    [red] Red
    [blue] Blue
    [yellow] Yellow
    [green] Green
    [red-blue] Red and blue
   *[yellow-green] Yellow and green
}

## Caption parts: each is one label, and the renderer joins them with " · ".
caption-to-move = { $seat ->
    [white] White to move
    [black] Black to move
    [light] Light to move
    [dark] Dark to move
    [red] Red to move
    [blue] Blue to move
    [yellow] Yellow to move
   *[green] Green to move
}
caption-to-place = { $seat ->
    [light] Light to place
   *[dark] Dark to place
}
caption-wins = { $seat ->
    [white] White wins
    [black] Black wins
    [light] Light wins
    [dark] Dark wins
    [red] Red wins
    [blue] Blue wins
    [yellow] Yellow wins
    [green] Green wins
    [red-blue] Red and blue win
   *[yellow-green] Yellow and green win
}
caption-push = { $seat ->
    [white] White chooses a push
   *[black] Black chooses a push
}
caption-labyrinth-turn = { $seat ->
    [red] Red's Labyrinth turn
    [blue] Blue's Labyrinth turn
    [yellow] Yellow's Labyrinth turn
   *[green] Green's Labyrinth turn
}
caption-move = Move { $move }
caption-placement = Placement { $placement } of 8
# Holochess's last-creature count: turns used of the three allowed.
caption-counting = { $side } { $count }/3
caption-game-over = Game over
caption-wins-score = { caption-wins } { $first }–{ $second }
caption-draw = Draw
caption-draw-score = Draw { $first }–{ $second }
caption-dice-roll = Dice roll
caption-duel = Duel to the death
caption-action = Action { $action } of 2

## Keys
key-creature = { $creature ->
    [brute] Brute
    [predator] Predator
    [guardian] Guardian
   *[scout] Scout
}
# A Dejarik monster's name (a proper name, never translated) and its
# attack, defence and movement figures.
key-monster = { $name } { $attack }·{ $defence }·{ $movement }
key-armies = Armies
key-pieces = Pieces
key-djambi-piece = { $kind ->
    [leader] Leader
    [assassin] Assassin
    [reporter] Reporter
    [diplomat] Diplomat
    [necromobile] Necromobile
   *[militant] Militant
}
key-dead = Dead

## Alt text: the board in sentences for screen readers.
# The caption's labels as a sentence after the game's name; the
# separator joins the labels.
alt-status = { $title }. { $status }.
alt-status-separator = { ", " }
alt-last-move = Last move: { $move }.
alt-options = Numbered options: { $options }.
alt-option = { $number }, { $move }
alt-option-separator = { "; " }
alt-left-out = Other pieces are not listed.
alt-discs = { $seat ->
    [white] { $count ->
        [one] White disc
       *[other] White discs
    }
   *[black] { $count ->
        [one] Black disc
       *[other] Black discs
    }
} on { $squares }.
alt-creatures = { $seat ->
    [light] Light
   *[dark] Dark
} { $creature ->
    [brute] { $count ->
        [one] Brute
       *[other] Brutes
    }
    [predator] { $count ->
        [one] Predator
       *[other] Predators
    }
    [guardian] { $count ->
        [one] Guardian
       *[other] Guardians
    }
   *[scout] { $count ->
        [one] Scout
       *[other] Scouts
    }
} on { $squares }.
alt-monster = { $seat ->
    [white] White
   *[black] Black
} { $name } on { $squares }.
alt-djambi-pieces = { $army ->
    [red] Red
    [blue] Blue
    [yellow] Yellow
   *[green] Green
} { $kind ->
    [leader] { $count ->
        [one] Leader
       *[other] Leaders
    }
    [assassin] { $count ->
        [one] Assassin
       *[other] Assassins
    }
    [reporter] { $count ->
        [one] Reporter
       *[other] Reporters
    }
    [diplomat] { $count ->
        [one] Diplomat
       *[other] Diplomats
    }
    [necromobile] { $count ->
        [one] Necromobile
       *[other] Necromobiles
    }
   *[militant] { $count ->
        [one] Militant
       *[other] Militants
    }
} on { $squares }.
alt-corpses = { $count ->
    [one] Corpse
   *[other] Corpses
} on { $squares }.
alt-replay = A replay of the whole game, { $count ->
    [one] { $count } decision
   *[other] { $count } decisions
}. The final board: { $board }
# A game's name, on its board and wherever a text names it.
game-title = { $game ->
    [space-checkers] Space Checkers
    [holochess] Holochess
    [dejarik] Dejarik
   *[djambi] Djambi
}
