## Отказите на правилата и на стаята: ход, който го няма в играта, не е позволен тук или не е навреме; параметър, който не става.

## Ход

rules-game-over = „{ $move }“: играта е свършила
rules-over = играта е свършила
rules-not-the-seat = „{ $move }“: сега не е на ход място { $seat }
rules-replay = ход { $n }: { $why }
rules-show-refused = ход { $n }: { $why } (възможни ходове: { $moves })
rules-not-legal = „{ $move }“ не е позволен ход в тази позиция
rules-is-legal = „{ $move }“ е позволен ход в тази позиция
rules-not-a-cell = „{ $move }“ не е поле
rules-off-board = „{ $move }“ е извън дъската { $w } x { $h }
rules-not-on-board = „{ $move }“ не е поле на тази дъска { $w }x{ $h }
rules-blocked = полето „{ $move }“ е затворено
rules-no-heap = „{ $move }“: няма купчина { $heap } (купчините са с номера 1..{ $heaps })

## Поле

rules-cell-not-a-cell = { $param ->
    [none] „{ $text }“ не е поле: пишете буквите на колоната, после номера на реда, например c5
    [move] „{ $move }“: „{ $text }“ не е поле: пишете буквите на колоната, после номера на реда, например c5
    [colour] „{ $text }“ не е поле: пишете буквите на колоната, после номера на реда, например c5; или изберете цвят: black, white или more
   *[other] параметър „{ $param }“: „{ $text }“ не е поле: пишете буквите на колоната, после номера на реда, например c5
}
rules-cell-off-columns = { $param ->
    [none] „{ $text }“ е извън дъската: колоните са от a до { $last }
    [move] „{ $move }“: „{ $text }“ е извън дъската: колоните са от a до { $last }
    [colour] „{ $text }“ е извън дъската: колоните са от a до { $last }; или изберете цвят: black, white или more
   *[other] параметър „{ $param }“: „{ $text }“ е извън дъската: колоните са от a до { $last }
}
rules-cell-off-rows = { $param ->
    [none] „{ $text }“ е извън дъската: редовете са от 1 до { $rows }
    [move] „{ $move }“: „{ $text }“ е извън дъската: редовете са от 1 до { $rows }
    [colour] „{ $text }“ е извън дъската: редовете са от 1 до { $rows }; или изберете цвят: black, white или more
   *[other] параметър „{ $param }“: „{ $text }“ е извън дъската: редовете са от 1 до { $rows }
}

## Ним

rules-nim-too-many = „{ $move }“: { $left ->
    [0] купчина { $heap } е празна
    [one] в купчина { $heap } има само { $left } предмет
   *[other] в купчина { $heap } има само { $left } предмета
}
rules-nim-parse = „{ $move }“ не е ход в ним: пишете КУПЧИНА:БРОЙ, например 2:3
rules-nim-numbers = „{ $move }“ не е ход в ним: КУПЧИНА и БРОЙ са цели числа
rules-nim-take-one = „{ $move }“: вземете поне един предмет
rules-nim-no-heaps = параметър „heaps“: задайте поне една купчина, например 3,4,5

## Игра с изваждане

rules-subtraction-amounts = „{ $move }“: може да се вземе само { $takes }
rules-subtraction-goal = „{ $move }“: в купчината има { $heap }, а тя не може да слезе под целта { $goal }, затова може да се вземе най-много { $most }
rules-subtraction-parse = „{ $move }“ не е ход в играта с изваждане: напишете колко да вземете, например 2
rules-subtraction-take-one = „{ $move }“: вземете поне един
rules-subtraction-no-take = параметър „take“: задайте поне едно количество, например 1,2
rules-subtraction-goal-above = параметър „goal“: целта { $goal } е над началния размер n={ $n }; целта трябва да е не повече от n

## Купчини камъни

rules-stones-not-op = „{ $move }“: { $op } не е действие в тази игра; действията са { $ops }
rules-stones-empty = „{ $move }“: купчина { $heap } е празна, затова { $op } няма да промени позицията
rules-stones-parse = „{ $move }“ не е ход в тази игра: пишете КУПЧИНА:ДЕЙСТВИЕ, например 2:*2 или 1:+1
rules-stones-heap-number = „{ $move }“: номерът на купчината „{ $heap }“ не е цяло число
rules-stones-from-one = „{ $move }“: купчините се номерират от 1
rules-stones-op-parse = „{ $move }“: „{ $op }“ не е действие; пишете +k, *k, -k или /k
rules-stones-no-heaps = параметър „heaps“: задайте поне една купчина, например 7,30
rules-stones-op-bad = параметър „ops“: „{ $op }“ не е действие; пишете +k, *k, -k или /k, например +1,*2
rules-stones-op-range = параметър „ops“: „{ $op }“ е извън границите; k е най-много { $most }
rules-stones-op-useless = параметър „ops“: „{ $op }“ не променя купчината полезно; използвайте +k/-k с k >= 1, *k или /k с k >= 2
rules-stones-no-ops = параметър „ops“: задайте поне едно действие, например +1,*2
rules-stones-goal-bad = параметър „goal“: „{ $goal }“ не е цел; пишете 77, >=77 или <=19
rules-stones-goal-range = параметър „goal“: { $goal } е извън границите; целта е най-много 10^12
rules-stones-ops-direction = параметър „ops“: действията { $ops } не вървят с целта { $goal }; за тази цел трябват { $growing ->
    [yes] +k и *k (растеж)
   *[no] -k и /k (намаляване)
}, за да свършва всяка партия
rules-stones-start-reached = параметър „heaps“: началната сума { $total } вече достига целта { $goal }
rules-stones-all-zero = параметър „heaps“: когато действията са само *k, поне една купчина трябва да е > 0

## Кегли

rules-kayles-no-pin = „{ $move }“: кеглите са с номера 1..{ $pins }
rules-kayles-down = „{ $move }“: { $count ->
    [1] тази кегла трябва да стои
   *[other] и двете кегли трябва да стоят
}
rules-kayles-parse = „{ $move }“ не е хвърляне: напишете кегла (5) или две съседни (5-6)
rules-kayles-neighbours = „{ $move }“ не е хвърляне: двете кегли трябва да са съседни, например 5-6
rules-kayles-start-bad = параметър „start“: „{ $part }“ не е кегла, нито интервал като 5-9
rules-kayles-start-outside = параметър „start“: „{ $part }“ е извън кеглите 1..{ $pins }
rules-kayles-start-none = параметър „start“: не стои нито една кегла; задайте поне една, например 1-5

## Монети

rules-coins-edge = „{ $move }“: монета с радиус { $r } с център тук би излязла извън ръба; центровете са в колоните { $first }..{ $last }, редовете { $low }..{ $high }
rules-coins-taken = „{ $move }“: на { $move } вече има монета
rules-coins-overlap = „{ $move }“: монета тук би застъпила монетата на { $cell }
rules-coins-small = параметър „{ $param }“: { $value } е по-малко от една монета с радиус { $r } (квадрат { $side } x { $side }); направете масата поне { $side } x { $side } или радиуса по-малък

## Фигура в ъгъла

rules-corner-there = „{ $move }“: { $piece ->
    [king] царят вече е тук
    [queen] дамата вече е тук
    [rook] топът вече е тук
   *[knight] конят вече е тук
}; ходът трябва да води някъде
rules-corner-knight = „{ $move }“: конят на { $from } се движи само със скоковете (-2,-1), (-1,-2), (-2,+1), (+1,-2) (към a1)
rules-corner-towards = „{ $move }“: { $piece ->
    [king] царят на { $from } се движи само към a1 (едно поле наляво, надолу или по диагонал наляво-надолу)
    [queen] дамата на { $from } се движи само към a1 (на произволно разстояние наляво, надолу или по диагонал наляво-надолу)
    [rook] топът на { $from } се движи само към a1 (на произволно разстояние наляво или надолу)
   *[knight] конят на { $from } се движи само към a1 (със скоковете (-2,-1), (-1,-2), (-2,+1), (+1,-2))
}
rules-corner-how = „{ $move }“: { $piece ->
    [king] царят на { $from } се движи едно поле наляво, надолу или по диагонал наляво-надолу
    [queen] дамата на { $from } се движи на произволно разстояние наляво, надолу или по диагонал наляво-надолу
    [rook] топът на { $from } се движи на произволно разстояние наляво или надолу
   *[knight] конят на { $from } се движи със скоковете (-2,-1), (-1,-2), (-2,+1), (+1,-2)
}
rules-corner-one-step = „{ $move }“: царят на { $from } се движи само с едно поле (наляво, надолу или по диагонал наляво-надолу)
rules-corner-pass = „{ $move }“: { $piece ->
    [king] царят
    [queen] дамата
    [rook] топът
   *[knight] конят
} на { $from } не може да мине през затвореното поле { $cell }
rules-corner-from = „{ $move }“ не е позволен ход от { $from }
rules-corner-start-goal = параметър „start“: { $cell } вече е в целта ({ $piece ->
    [knight] ъгъла a1, b1, a2, b2
   *[other] a1
}); поставете фигурата по-далеч от ъгъла
rules-corner-blocked-start = параметър „blocked“: { $cell } е началното поле; фигурата трябва да стои на него
rules-corner-blocked-goal = параметър „blocked“: { $cell } е поле от целта; фигурата трябва да може да стигне до него
rules-corner-stuck = параметър „start“: { $piece ->
    [king] царят няма ход от { $cell } (едно поле наляво, надолу или по диагонал наляво-надолу
    [queen] дамата няма ход от { $cell } (на произволно разстояние наляво, надолу или по диагонал наляво-надолу
    [rook] топът няма ход от { $cell } (на произволно разстояние наляво или надолу
   *[knight] конят няма ход от { $cell } (със скоковете (-2,-1), (-1,-2), (-2,+1), (+1,-2)
}{ $blocked ->
    [yes] , заобикаляйки затворените полета
   *[no] {""}
}); играта би свършила, преди да започне

## Пешката

rules-pawn-step = „{ $move }“: пешката на { $from } се движи едно поле надясно ({ $right }) или нагоре ({ $up })
rules-pawn-payoffs-count = параметър „payoffs“: задайте точно size={ $size } числа, по едно за всяко поле от диагонала от горния ляв до долния десен ъгъл (зададени: { $count })
rules-pawn-payoffs-finite = параметър „payoffs“: { $value } не е крайно число

## m,n,k и гомоку

rules-mnk-occupied = „{ $move }“: полето вече е заето: там е { $symbol }
rules-mnk-k = параметър „k“: редица с дължина { $k } не се побира на дъска { $w }x{ $h }; позволено: 1..{ $most }
rules-gomoku-no-choice = „{ $move }“: сега не се избира цвят; поставете камък на празно поле
rules-gomoku-not-a-choice = „{ $move }“ не е избор тук; изберете едно от: { $choices }
rules-gomoku-choose-first = „{ $move }“: първо място { $seat } трябва да избере: { $choices }
rules-gomoku-occupied = „{ $move }“: на полето вече има { $colour ->
    [black] черен
   *[white] бял
} камък
rules-gomoku-forbidden = „{ $move }“ е забранен за черните по правилата рендзю: { $kind ->
    [overline] дълга редица (шест или повече в редица)
    [double-four] двойна четворка (две четворки наведнъж)
   *[double-three] двойна тройка (две тройки наведнъж)
}

## Гонитба

rules-pursuit-there = „{ $move }“: { $evader ->
    [yes] беглецът
   *[no] P{ $n }
} вече е тук; всяка фигура трябва да стъпи на съседно поле
rules-pursuit-not-next = „{ $move }“ не е до { $evader ->
    [yes] беглеца
   *[no] P{ $n }
} на { $cell }; фигурата стъпва на едно от 8-те съседни полета
rules-pursuit-starts-count = параметър „starts“: трябват полета: { $seats } (първо { $pursuers ->
    [1] преследвача
   *[other] преследвачите ({ $pursuers })
}, после беглеца), а са зададени: { $count }
rules-pursuit-start-blocked = параметър „starts“: полето { $cell } ({ $evader ->
    [yes] беглецът
   *[no] преследвачът P{ $n }
}) е затворено
rules-pursuit-starts-same = параметър „starts“: две фигури започват на { $cell }
rules-pursuit-start-stuck = параметър „starts“: полето { $cell } ({ $evader ->
    [yes] беглецът
   *[no] преследвачът P{ $n }
}) няма отворени съседи, така че тази фигура никога няма да може да се движи
rules-pursuit-region = параметър „obstacles“: най-голямата отворена област има { $cells ->
    [one] { $cells } поле
   *[other] { $cells } полета
}, твърде малко за фигурите ({ $seats }), които трябва да могат да се движат; задайте по-малко препятствия или по-голяма дъска

## Миночистач

rules-mines-bad-move = „{ $move }“ не е ход в миночистача на тази дъска
rules-mines-flagged = „{ $move }“: на { $cell } вече има флагче за мина
rules-mines-revealed = „{ $move }“: полето { $cell } вече е отворено (на него има { $n })
rules-mines-no-flags = „{ $move }“: флагчета — само след първото отваряне (мините се разполагат, когато се отвори първото поле)
rules-mines-parse = „{ $move }“ не е ход в миночистача: пишете „r ПОЛЕ“, за да отворите, или „f ПОЛЕ“, за да сложите флагче, например „r e5“
rules-mines-too-many = параметър „mines“: мините ({ $mines }) не се побират на дъска { $w }x{ $h } с безопасно първо отваряне; най-много { $most }
rules-mines-layout = разположение: зададени са различни полета с мини: { $count }, а в играта мините са { $mines }

## Играта и параметрите ѝ

rules-unknown-game = непозната игра „{ $name }“; игрите са: { $names }
rules-unknown-param = непознат параметър „{ $param }“; параметрите са: { $params }
rules-param-needs-value = параметърът „{ $param }“ иска стойност ({ $kind ->
    [choice] { $choices }
    [bool] true | false
    [int] цяло число { $lo }..{ $hi }
    [ints] списък, разделен със запетаи, от най-много { $most } цели числа { $lo }..{ $hi }
    [nums] списък, разделен със запетаи, от най-много { $most } числа { $lo }..{ $hi }
    [strs] списък, разделен със запетаи, от най-много { $most } елемента с най-много { $length } знака всеки
    [cell] поле, например c5
    [cells] най-много { $most } полета, разделени с ';', например c3;d4
   *[str] текст с най-много { $length } знака
})
rules-param-not-valid = параметър „{ $param }“: { $value } не е допустимо; позволено: { $kind ->
    [choice] { $choices }
    [bool] true | false
    [int] цяло число { $lo }..{ $hi }
    [ints] списък, разделен със запетаи, от най-много { $most } цели числа { $lo }..{ $hi }
    [nums] списък, разделен със запетаи, от най-много { $most } числа { $lo }..{ $hi }
    [strs] списък, разделен със запетаи, от най-много { $most } елемента с най-много { $length } знака всеки
    [cell] поле, например c5
    [cells] най-много { $most } полета, разделени с ';', например c3;d4
   *[str] текст с най-много { $length } знака
}
rules-param-not-one-of = параметър „{ $param }“: { $value } не е едно от { $choices }
rules-param-out-of-range = параметър „{ $param }“: { $value } е извън границите; позволено: { $kind ->
    [choice] { $choices }
    [ints] списък, разделен със запетаи, от най-много { $most } цели числа { $lo }..{ $hi }
    [nums] списък, разделен със запетаи, от най-много { $most } числа { $lo }..{ $hi }
   *[int] цяло число { $lo }..{ $hi }
}
rules-param-too-large = параметър „{ $param }“: { $value } е твърде голямо; позволено: текст с най-много { $length } знака
rules-param-not-finite = параметър „{ $param }“: { $value } не е крайно число
rules-param-not-a-cell = параметър „{ $param }“: { $value } не е поле; позволено: { $kind ->
    [cells] най-много { $most } полета, разделени с ';', например c3;d4
   *[cell] поле, например c5
}
rules-param-too-long = параметър „{ $param }“: знаци: { $count } — твърде много; позволено: { $kind ->
    [strs] списък, разделен със запетаи, от най-много { $most } елемента с най-много { $length } знака всеки
   *[str] текст с най-много { $length } знака
}
rules-param-too-many = параметър „{ $param }“: елементи: { $count } — твърде много; позволено: { $kind ->
    [ints] списък, разделен със запетаи, от най-много { $most } цели числа { $lo }..{ $hi }
    [nums] списък, разделен със запетаи, от най-много { $most } числа { $lo }..{ $hi }
    [strs] списък, разделен със запетаи, от най-много { $most } елемента с най-много { $length } знака всеки
   *[cells] най-много { $most } полета, разделени с ';', например c3;d4
}

## Отказите на стаята

rules-room-already-seated = вече заемате място { $seat }
rules-room-ended = стая { $room } е затворена: играта свърши
rules-room-started = играта в стая { $room } вече започна; можете да гледате
rules-room-private = стая { $room } е частна: влезте с нейния код
rules-room-no-such-seat = място { $seat }: местата са с номера 0..{ $last }
rules-room-seat-taken = място { $seat } е заето
rules-room-seat-invite = място { $seat } е само с покана: влезте с кода
rules-room-seats-invite = свободните места са само с покана: влезте с кода
rules-room-full = в стая { $room } няма свободно място
rules-room-no-seat-held = не заемате място в стая { $room }
rules-room-unknown = няма стая { $room } (в частна стая се влиза с нейния код)
rules-room-not-in = не играете в тази стая и не гледате играта в нея
rules-room-stale = ходът „{ $move }“ е направен на полуход { $ply }, а партията вече е на полуход { $now }
rules-room-not-your-turn = сега е на ход { $who }, а не вие
rules-room-seats-turn = сега е на ход място { $seat }, а не вие
rules-room-nobody-to-move = сега никой не е на ход, и вие също
rules-room-time-ran-out = времето ви изтече
rules-room-failure-without-timeout = resign: failure се задава само заедно с timeout
rules-room-rematch-later = реванш може да се поиска след играта
rules-room-chat-outsider = в стаята пишат само играчите и зрителите
rules-room-not-started = играта още не е започнала: има свободни места
rules-room-over = играта е свършила
rules-room-no-draw-offer = никой не е предлагал реми
rules-room-no-draws = тази игра не може да завърши реми
rules-room-bots-play-on = ботовете не приемат реми: играйте нататък
rules-room-seats-count = seats: тази игра с тези параметри има места: { $seats }, а са описани: { $count }
rules-room-bot-level = seats[{ $i }]: нивото на бота „{ $level }“ не е едно от { $levels }
rules-room-level-for-bots = seats[{ $i }]: ниво се задава само на места за ботове
rules-room-seat-kind = seats[{ $i }]: видът „{ $kind }“ не е open, invite или bot
rules-room-opening-over = дебют: играта свършва още преди ход { $n } „{ $move }“
rules-room-opening-illegal = дебют: ход { $n } „{ $move }“ не е позволен
rules-room-opening-ends = дебют: той завършва играта и не остава нищо за игра
rules-room-secret = { $param }: в игра на няколко играчи сървърът сам избира тайния параметър { $param } (който го избере, би знаел скритото разположение); не го задавайте
rules-room-time-control = { $field ->
    [increment_s] time_control.increment_s: добавката е от 0 до 3600 секунди
   *[initial_s] time_control.initial_s: началното време е над 0 и най-много 86400 секунди
}

## Часовникът, както е записан

rules-clock-how = часовник „{ $text }“: пишете МИНУТИ+СЕКУНДИ, например 5+2 (5 минути, 2 с на ход), 30s+1 за секунди, или оставете празно за игра без часовник
rules-clock-hours = часовник „{ $text }“ би бил { $hours } ч: напишете { $base }s+{ $inc } за { $base } секунди (или { $base }m+{ $inc }, ако имате предвид минути)
rules-clock-start = часовник „{ $text }“: началното време е над 0 и най-много 1440 минути (24 ч)
rules-clock-increment = часовник „{ $text }“: добавката е от 0 до 3600 секунди
