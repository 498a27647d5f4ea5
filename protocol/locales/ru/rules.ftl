## Отказы правил и комнаты: ход, которого в игре нет, который здесь невозможен или не вовремя; параметр, который не подходит.

## Ход

rules-game-over = «{ $move }»: игра окончена
rules-over = игра окончена
rules-not-the-seat = «{ $move }»: сейчас ходит не место { $seat }
rules-replay = ход { $n }: { $why }
rules-show-refused = ход { $n }: { $why } (возможные ходы: { $moves })
rules-not-legal = «{ $move }» — невозможный ход в этой позиции
rules-is-legal = «{ $move }» — возможный ход в этой позиции
rules-not-a-cell = «{ $move }» — не клетка
rules-off-board = «{ $move }» — за пределами доски { $w } x { $h }
rules-not-on-board = «{ $move }» — не клетка этой доски { $w }x{ $h }
rules-blocked = клетка «{ $move }» закрыта
rules-no-heap = «{ $move }»: кучки { $heap } нет (у кучек номера 1..{ $heaps })

## Клетка

rules-cell-not-a-cell = { $param ->
    [none] «{ $text }» — не клетка: пишите буквы столбца, а затем номер строки, например c5
    [move] «{ $move }»: «{ $text }» — не клетка: пишите буквы столбца, а затем номер строки, например c5
    [colour] «{ $text }» — не клетка: пишите буквы столбца, а затем номер строки, например c5; или выберите цвет: black, white или more
   *[other] параметр «{ $param }»: «{ $text }» — не клетка: пишите буквы столбца, а затем номер строки, например c5
}
rules-cell-off-columns = { $param ->
    [none] «{ $text }» — за пределами доски: столбцы от a до { $last }
    [move] «{ $move }»: «{ $text }» — за пределами доски: столбцы от a до { $last }
    [colour] «{ $text }» — за пределами доски: столбцы от a до { $last }; или выберите цвет: black, white или more
   *[other] параметр «{ $param }»: «{ $text }» — за пределами доски: столбцы от a до { $last }
}
rules-cell-off-rows = { $param ->
    [none] «{ $text }» — за пределами доски: строки от 1 до { $rows }
    [move] «{ $move }»: «{ $text }» — за пределами доски: строки от 1 до { $rows }
    [colour] «{ $text }» — за пределами доски: строки от 1 до { $rows }; или выберите цвет: black, white или more
   *[other] параметр «{ $param }»: «{ $text }» — за пределами доски: строки от 1 до { $rows }
}

## Ним

rules-nim-too-many = «{ $move }»: { $left ->
    [0] кучка { $heap } пуста
    [one] в кучке { $heap } только { $left } предмет
    [few] в кучке { $heap } только { $left } предмета
    [many] в кучке { $heap } только { $left } предметов
   *[other] в кучке { $heap } только { $left } предмета
}
rules-nim-parse = «{ $move }» — не ход нима: пишите КУЧКА:СКОЛЬКО, например 2:3
rules-nim-numbers = «{ $move }» — не ход нима: КУЧКА и СКОЛЬКО — целые числа
rules-nim-take-one = «{ $move }»: возьмите хотя бы один предмет
rules-nim-no-heaps = параметр «heaps»: задайте хотя бы одну кучку, например 3,4,5

## Игра с вычитанием

rules-subtraction-amounts = «{ $move }»: брать можно только { $takes }
rules-subtraction-goal = «{ $move }»: в кучке осталось { $heap }, а опуститься ниже цели { $goal } она не может, поэтому взять можно не больше { $most }
rules-subtraction-parse = «{ $move }» — не ход игры с вычитанием: напишите, сколько взять, например 2
rules-subtraction-take-one = «{ $move }»: возьмите хотя бы один
rules-subtraction-no-take = параметр «take»: задайте хотя бы одно количество, например 1,2
rules-subtraction-goal-above = параметр «goal»: цель { $goal } больше начального размера n={ $n }; цель должна быть не больше n

## Кучки камней

rules-stones-not-op = «{ $move }»: { $op } — не действие этой игры; действия: { $ops }
rules-stones-empty = «{ $move }»: кучка { $heap } пуста, поэтому { $op } не изменит позицию
rules-stones-parse = «{ $move }» — не ход этой игры: пишите КУЧКА:ДЕЙСТВИЕ, например 2:*2 или 1:+1
rules-stones-heap-number = «{ $move }»: номер кучки «{ $heap }» — не целое число
rules-stones-from-one = «{ $move }»: кучки нумеруются с 1
rules-stones-op-parse = «{ $move }»: «{ $op }» — не действие; пишите +k, *k, -k или /k
rules-stones-no-heaps = параметр «heaps»: задайте хотя бы одну кучку, например 7,30
rules-stones-op-bad = параметр «ops»: «{ $op }» — не действие; пишите +k, *k, -k или /k, например +1,*2
rules-stones-op-range = параметр «ops»: «{ $op }» вне допустимых границ; k не больше { $most }
rules-stones-op-useless = параметр «ops»: «{ $op }» не меняет кучку с пользой; берите +k/-k с k >= 1, *k или /k с k >= 2
rules-stones-no-ops = параметр «ops»: задайте хотя бы одно действие, например +1,*2
rules-stones-goal-bad = параметр «goal»: «{ $goal }» — не цель; пишите 77, >=77 или <=19
rules-stones-goal-range = параметр «goal»: { $goal } вне допустимых границ; цель не больше 10^12
rules-stones-ops-direction = параметр «ops»: действия { $ops } не сочетаются с целью { $goal }; для этой цели нужны { $growing ->
    [yes] +k и *k (рост)
   *[no] -k и /k (уменьшение)
}, чтобы каждая партия заканчивалась
rules-stones-start-reached = параметр «heaps»: начальная сумма { $total } уже достигает цели { $goal }
rules-stones-all-zero = параметр «heaps»: когда действия только *k, хотя бы одна кучка должна быть > 0

## Кегли

rules-kayles-no-pin = «{ $move }»: у кеглей номера 1..{ $pins }
rules-kayles-down = «{ $move }»: { $count ->
    [1] эта кегля должна стоять
   *[other] обе кегли должны стоять
}
rules-kayles-parse = «{ $move }» — не бросок: напишите кеглю (5) или двух соседок (5-6)
rules-kayles-neighbours = «{ $move }» — не бросок: две кегли должны стоять рядом, например 5-6
rules-kayles-start-bad = параметр «start»: «{ $part }» — не кегля и не промежуток вроде 5-9
rules-kayles-start-outside = параметр «start»: «{ $part }» вне кеглей 1..{ $pins }
rules-kayles-start-none = параметр «start»: не стоит ни одной кегли; задайте хотя бы одну, например 1-5

## Монеты

rules-coins-edge = «{ $move }»: монета радиуса { $r } с центром здесь выступала бы за край; центры — столбцы { $first }..{ $last }, строки { $low }..{ $high }
rules-coins-taken = «{ $move }»: на { $move } уже лежит монета
rules-coins-overlap = «{ $move }»: монета здесь перекрыла бы монету на { $cell }
rules-coins-small = параметр «{ $param }»: { $value } меньше одной монеты радиуса { $r } (квадрат { $side } x { $side }); сделайте стол не меньше { $side } x { $side } или радиус меньше

## Фигура в угол

rules-corner-there = «{ $move }»: { $piece ->
    [king] король
    [queen] ферзь
    [rook] ладья
   *[knight] конь
} уже стоит здесь; ход должен куда-то вести
rules-corner-knight = «{ $move }»: конь на { $from } ходит только прыжками (-2,-1), (-1,-2), (-2,+1), (+1,-2) (к a1)
rules-corner-towards = «{ $move }»: { $piece ->
    [king] король на { $from } ходит только к a1 (на одну клетку влево, вниз или по диагонали влево-вниз)
    [queen] ферзь на { $from } ходит только к a1 (на любое расстояние влево, вниз или по диагонали влево-вниз)
    [rook] ладья на { $from } ходит только к a1 (на любое расстояние влево или вниз)
   *[knight] конь на { $from } ходит только к a1 (прыжками (-2,-1), (-1,-2), (-2,+1), (+1,-2))
}
rules-corner-how = «{ $move }»: { $piece ->
    [king] король на { $from } ходит на одну клетку влево, вниз или по диагонали влево-вниз
    [queen] ферзь на { $from } ходит на любое расстояние влево, вниз или по диагонали влево-вниз
    [rook] ладья на { $from } ходит на любое расстояние влево или вниз
   *[knight] конь на { $from } ходит прыжками (-2,-1), (-1,-2), (-2,+1), (+1,-2)
}
rules-corner-one-step = «{ $move }»: король на { $from } ходит только на одну клетку (влево, вниз или по диагонали влево-вниз)
rules-corner-pass = «{ $move }»: { $piece ->
    [king] король
    [queen] ферзь
    [rook] ладья
   *[knight] конь
} на { $from } не может пройти через закрытую клетку { $cell }
rules-corner-from = «{ $move }» — невозможный ход с { $from }
rules-corner-start-goal = параметр «start»: { $cell } уже в цели ({ $piece ->
    [knight] угол a1, b1, a2, b2
   *[other] a1
}); поставьте фигуру дальше от угла
rules-corner-blocked-start = параметр «blocked»: { $cell } — начальная клетка; на ней должна стоять фигура
rules-corner-blocked-goal = параметр «blocked»: { $cell } — клетка цели; фигура должна мочь до неё дойти
rules-corner-stuck = параметр «start»: { $piece ->
    [king] у короля нет хода с { $cell } (на одну клетку влево, вниз или по диагонали влево-вниз
    [queen] у ферзя нет хода с { $cell } (на любое расстояние влево, вниз или по диагонали влево-вниз
    [rook] у ладьи нет хода с { $cell } (на любое расстояние влево или вниз
   *[knight] у коня нет хода с { $cell } (прыжками (-2,-1), (-1,-2), (-2,+1), (+1,-2)
}{ $blocked ->
    [yes] , в обход закрытых клеток
   *[no] {""}
}); игра закончилась бы, не начавшись

## Пешка

rules-pawn-step = «{ $move }»: пешка на { $from } ходит на одну клетку вправо ({ $right }) или вверх ({ $up })
rules-pawn-payoffs-count = параметр «payoffs»: задайте ровно столько чисел, сколько size={ $size }, по одному на каждую клетку диагонали от левого верхнего до правого нижнего угла (задано { $count })
rules-pawn-payoffs-finite = параметр «payoffs»: { $value } — не конечное число

## m,n,k и гомоку

rules-mnk-occupied = «{ $move }»: клетка уже занята: там { $symbol }
rules-mnk-k = параметр «k»: ряд длиной { $k } не помещается на доске { $w }x{ $h }; можно: 1..{ $most }
rules-gomoku-no-choice = «{ $move }»: сейчас цвет не выбирают; поставьте камень на пустую клетку
rules-gomoku-not-a-choice = «{ $move }» — здесь такого выбора нет; выберите одно из: { $choices }
rules-gomoku-choose-first = «{ $move }»: сначала место { $seat } должно выбрать: { $choices }
rules-gomoku-occupied = «{ $move }»: на клетке уже стоит { $colour ->
    [black] чёрный
   *[white] белый
} камень
rules-gomoku-forbidden = «{ $move }» запрещён чёрным по правилам рэндзю: { $kind ->
    [overline] длинный ряд (шесть или больше в ряд)
    [double-four] двойная четвёрка (две четвёрки сразу)
   *[double-three] двойная тройка (две тройки сразу)
}

## Преследование

rules-pursuit-there = «{ $move }»: { $evader ->
    [yes] беглец
   *[no] P{ $n }
} уже здесь; каждая фигура должна шагнуть на соседнюю клетку
rules-pursuit-not-next = «{ $move }» не рядом с { $evader ->
    [yes] беглецом
   *[no] P{ $n }
} на { $cell }; фигура шагает на одну из 8 соседних клеток
rules-pursuit-starts-count = параметр «starts»: нужно клеток: { $seats } (сначала { $pursuers ->
    [1] преследователь
   *[other] преследователи ({ $pursuers })
}, затем беглец), а задано: { $count }
rules-pursuit-start-blocked = параметр «starts»: клетка { $cell } ({ $evader ->
    [yes] беглец
   *[no] преследователь P{ $n }
}) закрыта
rules-pursuit-starts-same = параметр «starts»: две фигуры начинают на { $cell }
rules-pursuit-start-stuck = параметр «starts»: у клетки { $cell } ({ $evader ->
    [yes] беглец
   *[no] преследователь P{ $n }
}) нет открытых соседей, так что эта фигура никогда не сможет ходить
rules-pursuit-region = параметр «obstacles»: в самой большой открытой области { $cells ->
    [one] { $cells } клетка
    [few] { $cells } клетки
   *[other] { $cells } клеток
}, слишком мало для фигур ({ $seats }), которые должны мочь ходить; задайте меньше препятствий или доску больше

## Сапёр

rules-mines-bad-move = «{ $move }» — не ход сапёра на этой доске
rules-mines-flagged = «{ $move }»: на { $cell } уже стоит флажок мины
rules-mines-revealed = «{ $move }»: клетка { $cell } уже открыта (на ней { $n })
rules-mines-no-flags = «{ $move }»: флажки — только после первого открытия (мины раскладываются, когда открывается первая клетка)
rules-mines-parse = «{ $move }» — не ход сапёра: пишите «r КЛЕТКА», чтобы открыть, или «f КЛЕТКА», чтобы поставить флажок, например «r e5»
rules-mines-too-many = параметр «mines»: { $mines } — слишком много мин для доски { $w }x{ $h } с безопасным первым открытием; самое большее { $most }
rules-mines-layout = расклад: задано разных клеток с минами: { $count }, а в игре мин: { $mines }

## Игра и её параметры

rules-unknown-game = неизвестная игра «{ $name }»; игры: { $names }
rules-unknown-param = неизвестный параметр «{ $param }»; параметры: { $params }
rules-param-needs-value = параметру «{ $param }» нужно значение ({ $kind ->
    [choice] { $choices }
    [bool] true | false
    [int] целое число { $lo }..{ $hi }
    [ints] список через запятую, не больше { $most } целых чисел { $lo }..{ $hi }
    [nums] список через запятую, не больше { $most } чисел { $lo }..{ $hi }
    [strs] список через запятую, не больше { $most } элементов, каждый не длиннее { $length } символов
    [cell] клетка, например c5
    [cells] не больше { $most } клеток через ';', например c3;d4
   *[str] текст не длиннее { $length } символов
})
rules-param-not-valid = параметр «{ $param }»: { $value } не подходит; можно: { $kind ->
    [choice] { $choices }
    [bool] true | false
    [int] целое число { $lo }..{ $hi }
    [ints] список через запятую, не больше { $most } целых чисел { $lo }..{ $hi }
    [nums] список через запятую, не больше { $most } чисел { $lo }..{ $hi }
    [strs] список через запятую, не больше { $most } элементов, каждый не длиннее { $length } символов
    [cell] клетка, например c5
    [cells] не больше { $most } клеток через ';', например c3;d4
   *[str] текст не длиннее { $length } символов
}
rules-param-not-one-of = параметр «{ $param }»: { $value } — не одно из { $choices }
rules-param-out-of-range = параметр «{ $param }»: { $value } вне допустимых границ; можно: { $kind ->
    [choice] { $choices }
    [ints] список через запятую, не больше { $most } целых чисел { $lo }..{ $hi }
    [nums] список через запятую, не больше { $most } чисел { $lo }..{ $hi }
   *[int] целое число { $lo }..{ $hi }
}
rules-param-too-large = параметр «{ $param }»: { $value } слишком велико; можно: текст не длиннее { $length } символов
rules-param-not-finite = параметр «{ $param }»: { $value } — не конечное число
rules-param-not-a-cell = параметр «{ $param }»: { $value } — не клетка; можно: { $kind ->
    [cells] не больше { $most } клеток через ';', например c3;d4
   *[cell] клетка, например c5
}
rules-param-too-long = параметр «{ $param }»: символов { $count } — слишком длинно; можно: { $kind ->
    [strs] список через запятую, не больше { $most } элементов, каждый не длиннее { $length } символов
   *[str] текст не длиннее { $length } символов
}
rules-param-too-many = параметр «{ $param }»: элементов { $count } — слишком много; можно: { $kind ->
    [ints] список через запятую, не больше { $most } целых чисел { $lo }..{ $hi }
    [nums] список через запятую, не больше { $most } чисел { $lo }..{ $hi }
    [strs] список через запятую, не больше { $most } элементов, каждый не длиннее { $length } символов
   *[cells] не больше { $most } клеток через ';', например c3;d4
}

## Отказы комнаты

rules-room-already-seated = вы уже занимаете место { $seat }
rules-room-ended = комната { $room } закрыта: игра окончена
rules-room-started = игра в комнате { $room } уже началась; можно смотреть
rules-room-private = комната { $room } закрытая: входите по её коду
rules-room-no-such-seat = место { $seat }: у мест номера 0..{ $last }
rules-room-seat-taken = место { $seat } занято
rules-room-seat-invite = место { $seat } — только по приглашению: входите по коду
rules-room-seats-invite = свободные места — только по приглашению: входите по коду
rules-room-full = в комнате { $room } нет свободного места
rules-room-no-seat-held = вы не занимаете места в комнате { $room }
rules-room-unknown = комнаты { $room } нет (в закрытую комнату входят по её коду)
rules-room-not-in = вы не играете в этой комнате и не смотрите игру в ней
rules-room-stale = ход «{ $move }» сделан на полуходе { $ply }, а партия уже на полуходе { $now }
rules-room-not-your-turn = сейчас ходит { $who }, а не вы
rules-room-seats-turn = сейчас ходит место { $seat }, а не вы
rules-room-nobody-to-move = сейчас никто не ходит, и вы тоже
rules-room-time-ran-out = ваше время вышло
rules-room-failure-without-timeout = resign: failure задают только вместе с timeout
rules-room-rematch-later = реванш можно попросить после игры
rules-room-chat-outsider = в комнате пишут только игроки и зрители
rules-room-not-started = игра ещё не началась: есть свободные места
rules-room-over = игра окончена
rules-room-no-draw-offer = ничью никто не предлагал
rules-room-no-draws = эта игра не может закончиться вничью
rules-room-bots-play-on = боты не соглашаются на ничью: играйте дальше
rules-room-seats-count = seats: у этой игры с такими параметрами мест: { $seats }, а описано: { $count }
rules-room-bot-level = seats[{ $i }]: уровень бота «{ $level }» — не один из { $levels }
rules-room-level-for-bots = seats[{ $i }]: уровень задают только местам ботов
rules-room-seat-kind = seats[{ $i }]: вид «{ $kind }» — не open, invite и не bot
rules-room-opening-over = дебют: игра окончена ещё до хода { $n } «{ $move }»
rules-room-opening-illegal = дебют: ход { $n } «{ $move }» невозможен
rules-room-opening-ends = дебют: он заканчивает игру, и играть уже нечего
rules-room-secret = { $param }: в игре нескольких игроков сервер сам выбирает секретный параметр { $param } (кто его выбрал, знал бы скрытую раскладку); не задавайте его
rules-room-time-control = { $field ->
    [increment_s] time_control.increment_s: добавка — от 0 до 3600 секунд
   *[initial_s] time_control.initial_s: начальное время — больше 0 и не больше 86400 секунд
}

## Часы, как их записали

rules-clock-how = часы «{ $text }»: пишите МИНУТЫ+СЕКУНДЫ, например 5+2 (5 минут, 2 с за ход), 30s+1 для секунд, или оставьте пустым, чтобы играть без часов
rules-clock-hours = часы «{ $text }» — это { $hours } ч: напишите { $base }s+{ $inc }, если это { $base } секунд (или { $base }m+{ $inc }, если минуты)
rules-clock-start = часы «{ $text }»: начальное время — больше 0 и не больше 1440 минут (24 ч)
rules-clock-increment = часы «{ $text }»: добавка — от 0 до 3600 секунд
