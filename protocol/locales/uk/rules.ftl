## Відмови правил і кімнати: хід, якого в грі немає, який тут неможливий або не на часі; параметр, який не підходить.

## Хід

rules-game-over = «{ $move }»: гру закінчено
rules-over = гру закінчено
rules-not-the-seat = «{ $move }»: зараз ходить не місце { $seat }
rules-replay = хід { $n }: { $why }
rules-show-refused = хід { $n }: { $why } (можливі ходи: { $moves })
rules-not-legal = «{ $move }» — неможливий хід у цій позиції
rules-is-legal = «{ $move }» — можливий хід у цій позиції
rules-not-a-cell = «{ $move }» — не клітинка
rules-off-board = «{ $move }» — поза дошкою { $w } x { $h }
rules-not-on-board = «{ $move }» — не клітинка цієї дошки { $w }x{ $h }
rules-blocked = клітинка «{ $move }» закрита
rules-no-heap = «{ $move }»: купки { $heap } немає (купки мають номери 1..{ $heaps })

## Клітинка

rules-cell-not-a-cell = { $param ->
    [none] «{ $text }» — не клітинка: пишіть букви стовпця, а потім номер рядка, наприклад c5
    [move] «{ $move }»: «{ $text }» — не клітинка: пишіть букви стовпця, а потім номер рядка, наприклад c5
    [colour] «{ $text }» — не клітинка: пишіть букви стовпця, а потім номер рядка, наприклад c5; або оберіть колір: black, white чи more
   *[other] параметр «{ $param }»: «{ $text }» — не клітинка: пишіть букви стовпця, а потім номер рядка, наприклад c5
}
rules-cell-off-columns = { $param ->
    [none] «{ $text }» — поза дошкою: стовпці від a до { $last }
    [move] «{ $move }»: «{ $text }» — поза дошкою: стовпці від a до { $last }
    [colour] «{ $text }» — поза дошкою: стовпці від a до { $last }; або оберіть колір: black, white чи more
   *[other] параметр «{ $param }»: «{ $text }» — поза дошкою: стовпці від a до { $last }
}
rules-cell-off-rows = { $param ->
    [none] «{ $text }» — поза дошкою: рядки від 1 до { $rows }
    [move] «{ $move }»: «{ $text }» — поза дошкою: рядки від 1 до { $rows }
    [colour] «{ $text }» — поза дошкою: рядки від 1 до { $rows }; або оберіть колір: black, white чи more
   *[other] параметр «{ $param }»: «{ $text }» — поза дошкою: рядки від 1 до { $rows }
}

## Нім

rules-nim-too-many = «{ $move }»: { $left ->
    [0] купка { $heap } порожня
    [one] у купці { $heap } лише { $left } предмет
    [few] у купці { $heap } лише { $left } предмети
    [many] у купці { $heap } лише { $left } предметів
   *[other] у купці { $heap } лише { $left } предмета
}
rules-nim-parse = «{ $move }» — не хід німу: пишіть КУПКА:КІЛЬКІСТЬ, наприклад 2:3
rules-nim-numbers = «{ $move }» — не хід німу: КУПКА і КІЛЬКІСТЬ — цілі числа
rules-nim-take-one = «{ $move }»: візьміть хоча б один предмет
rules-nim-no-heaps = параметр «heaps»: задайте хоча б одну купку, наприклад 3,4,5

## Гра з відніманням

rules-subtraction-amounts = «{ $move }»: брати можна лише { $takes }
rules-subtraction-goal = «{ $move }»: у купці лишилося { $heap }, а опуститися нижче цілі { $goal } вона не може, тож узяти можна щонайбільше { $most }
rules-subtraction-parse = «{ $move }» — не хід гри з відніманням: напишіть, скільки взяти, наприклад 2
rules-subtraction-take-one = «{ $move }»: візьміть хоча б один
rules-subtraction-no-take = параметр «take»: задайте хоча б одну кількість, наприклад 1,2
rules-subtraction-goal-above = параметр «goal»: ціль { $goal } більша за початковий розмір n={ $n }; ціль має бути не більшою за n

## Купки каменів

rules-stones-not-op = «{ $move }»: { $op } — не дія цієї гри; дії: { $ops }
rules-stones-empty = «{ $move }»: купка { $heap } порожня, тож { $op } не змінить позиції
rules-stones-parse = «{ $move }» — не хід цієї гри: пишіть КУПКА:ДІЯ, наприклад 2:*2 або 1:+1
rules-stones-heap-number = «{ $move }»: номер купки «{ $heap }» — не ціле число
rules-stones-from-one = «{ $move }»: купки нумеруються з 1
rules-stones-op-parse = «{ $move }»: «{ $op }» — не дія; пишіть +k, *k, -k або /k
rules-stones-no-heaps = параметр «heaps»: задайте хоча б одну купку, наприклад 7,30
rules-stones-op-bad = параметр «ops»: «{ $op }» — не дія; пишіть +k, *k, -k або /k, наприклад +1,*2
rules-stones-op-range = параметр «ops»: «{ $op }» поза межами; k не більше { $most }
rules-stones-op-useless = параметр «ops»: «{ $op }» не змінює купку з користю; беріть +k/-k з k >= 1, *k або /k з k >= 2
rules-stones-no-ops = параметр «ops»: задайте хоча б одну дію, наприклад +1,*2
rules-stones-goal-bad = параметр «goal»: «{ $goal }» — не ціль; пишіть 77, >=77 або <=19
rules-stones-goal-range = параметр «goal»: { $goal } поза межами; ціль не більша за 10^12
rules-stones-ops-direction = параметр «ops»: дії { $ops } не поєднуються з ціллю { $goal }; для цієї цілі потрібні { $growing ->
    [yes] +k і *k (зростання)
   *[no] -k і /k (зменшення)
}, щоб кожна партія закінчувалася
rules-stones-start-reached = параметр «heaps»: початкова сума { $total } уже досягає цілі { $goal }
rules-stones-all-zero = параметр «heaps»: коли дії лише *k, хоча б одна купка має бути > 0

## Кеглі

rules-kayles-no-pin = «{ $move }»: кеглі мають номери 1..{ $pins }
rules-kayles-down = «{ $move }»: { $count ->
    [1] ця кегля має стояти
   *[other] обидві кеглі мають стояти
}
rules-kayles-parse = «{ $move }» — не кидок: напишіть кеглю (5) або двох сусідок (5-6)
rules-kayles-neighbours = «{ $move }» — не кидок: дві кеглі мають бути сусідніми, наприклад 5-6
rules-kayles-start-bad = параметр «start»: «{ $part }» — не кегля і не проміжок на зразок 5-9
rules-kayles-start-outside = параметр «start»: «{ $part }» поза кеглями 1..{ $pins }
rules-kayles-start-none = параметр «start»: не стоїть жодна кегля; задайте хоча б одну, наприклад 1-5

## Монети

rules-coins-edge = «{ $move }»: монета радіуса { $r } з центром тут виступала б за край; центри — стовпці { $first }..{ $last }, рядки { $low }..{ $high }
rules-coins-taken = «{ $move }»: на { $move } уже лежить монета
rules-coins-overlap = «{ $move }»: монета тут накладалася б на монету на { $cell }
rules-coins-small = параметр «{ $param }»: { $value } менше за одну монету радіуса { $r } (квадрат { $side } x { $side }); зробіть стіл не меншим за { $side } x { $side } або радіус меншим

## Фігура в кут

rules-corner-there = «{ $move }»: { $piece ->
    [king] король
    [queen] ферзь
    [rook] тура
   *[knight] кінь
} уже стоїть тут; хід має кудись вести
rules-corner-knight = «{ $move }»: кінь на { $from } ходить лише стрибками (-2,-1), (-1,-2), (-2,+1), (+1,-2) (до a1)
rules-corner-towards = «{ $move }»: { $piece ->
    [king] король на { $from } ходить лише до a1 (на одну клітинку вліво, вниз або по діагоналі вліво-вниз)
    [queen] ферзь на { $from } ходить лише до a1 (на будь-яку відстань уліво, вниз або по діагоналі вліво-вниз)
    [rook] тура на { $from } ходить лише до a1 (на будь-яку відстань уліво чи вниз)
   *[knight] кінь на { $from } ходить лише до a1 (стрибками (-2,-1), (-1,-2), (-2,+1), (+1,-2))
}
rules-corner-how = «{ $move }»: { $piece ->
    [king] король на { $from } ходить на одну клітинку вліво, вниз або по діагоналі вліво-вниз
    [queen] ферзь на { $from } ходить на будь-яку відстань уліво, вниз або по діагоналі вліво-вниз
    [rook] тура на { $from } ходить на будь-яку відстань уліво чи вниз
   *[knight] кінь на { $from } ходить стрибками (-2,-1), (-1,-2), (-2,+1), (+1,-2)
}
rules-corner-one-step = «{ $move }»: король на { $from } ходить лише на одну клітинку (уліво, вниз або по діагоналі вліво-вниз)
rules-corner-pass = «{ $move }»: { $piece ->
    [king] король
    [queen] ферзь
    [rook] тура
   *[knight] кінь
} на { $from } не може пройти крізь закриту клітинку { $cell }
rules-corner-from = «{ $move }» — неможливий хід з { $from }
rules-corner-start-goal = параметр «start»: { $cell } уже в цілі ({ $piece ->
    [knight] кут a1, b1, a2, b2
   *[other] a1
}); поставте фігуру далі від кута
rules-corner-blocked-start = параметр «blocked»: { $cell } — початкова клітинка; на ній має стояти фігура
rules-corner-blocked-goal = параметр «blocked»: { $cell } — клітинка цілі; фігура має могти її досягти
rules-corner-stuck = параметр «start»: { $piece ->
    [king] король не має ходу з { $cell } (на одну клітинку вліво, вниз або по діагоналі вліво-вниз
    [queen] ферзь не має ходу з { $cell } (на будь-яку відстань уліво, вниз або по діагоналі вліво-вниз
    [rook] тура не має ходу з { $cell } (на будь-яку відстань уліво чи вниз
   *[knight] кінь не має ходу з { $cell } (стрибками (-2,-1), (-1,-2), (-2,+1), (+1,-2)
}{ $blocked ->
    [yes] , оминаючи закриті клітинки
   *[no] {""}
}); гра закінчилася б, не почавшись

## Пішак

rules-pawn-step = «{ $move }»: пішак на { $from } ходить на одну клітинку вправо ({ $right }) або вгору ({ $up })
rules-pawn-payoffs-count = параметр «payoffs»: задайте рівно стільки чисел, скільки size={ $size }, по одному на кожну клітинку діагоналі від лівого верхнього до правого нижнього кута (задано { $count })
rules-pawn-payoffs-finite = параметр «payoffs»: { $value } — не скінченне число

## m,n,k і гомоку

rules-mnk-occupied = «{ $move }»: клітинка вже зайнята: там { $symbol }
rules-mnk-k = параметр «k»: ряд довжиною { $k } не вміщується на дошці { $w }x{ $h }; можна: 1..{ $most }
rules-gomoku-no-choice = «{ $move }»: зараз колір не обирають; поставте камінь на порожню клітинку
rules-gomoku-not-a-choice = «{ $move }» — тут такого вибору немає; оберіть одне з: { $choices }
rules-gomoku-choose-first = «{ $move }»: спершу місце { $seat } має обрати: { $choices }
rules-gomoku-occupied = «{ $move }»: на клітинці вже стоїть { $colour ->
    [black] чорний
   *[white] білий
} камінь
rules-gomoku-forbidden = «{ $move }» заборонено чорним за правилами рендзю: { $kind ->
    [overline] довгий ряд (шість або більше в ряд)
    [double-four] подвійна четвірка (дві четвірки одразу)
   *[double-three] подвійна трійка (дві трійки одразу)
}

## Переслідування

rules-pursuit-there = «{ $move }»: { $evader ->
    [yes] втікач
   *[no] P{ $n }
} уже тут; кожна фігура мусить ступити на сусідню клітинку
rules-pursuit-not-next = «{ $move }» не поруч із { $evader ->
    [yes] втікачем
   *[no] P{ $n }
} на { $cell }; фігура ступає на одну з 8 сусідніх клітинок
rules-pursuit-starts-count = параметр «starts»: потрібно клітинок: { $seats } (спершу { $pursuers ->
    [1] переслідувач
   *[other] переслідувачі ({ $pursuers })
}, потім втікач), а задано: { $count }
rules-pursuit-start-blocked = параметр «starts»: клітинка { $cell } ({ $evader ->
    [yes] втікач
   *[no] переслідувач P{ $n }
}) закрита
rules-pursuit-starts-same = параметр «starts»: дві фігури починають на { $cell }
rules-pursuit-start-stuck = параметр «starts»: у клітинки { $cell } ({ $evader ->
    [yes] втікач
   *[no] переслідувач P{ $n }
}) немає відкритих сусідніх, тож ця фігура ніколи не зможе ходити
rules-pursuit-region = параметр «obstacles»: найбільша відкрита область має { $cells ->
    [one] { $cells } клітинку
    [few] { $cells } клітинки
   *[other] { $cells } клітинок
}, замало для фігур ({ $seats }), що мусять могти ходити; задайте менше перешкод або більшу дошку

## Сапер

rules-mines-bad-move = «{ $move }» — не хід сапера на цій дошці
rules-mines-flagged = «{ $move }»: на { $cell } уже стоїть прапорець міни
rules-mines-revealed = «{ $move }»: клітинку { $cell } уже відкрито (на ній { $n })
rules-mines-no-flags = «{ $move }»: прапорці — лише після першого відкриття (міни розкладаються, коли відкривається перша клітинка)
rules-mines-parse = «{ $move }» — не хід сапера: пишіть «r КЛІТИНКА», щоб відкрити, або «f КЛІТИНКА», щоб поставити прапорець, наприклад «r e5»
rules-mines-too-many = параметр «mines»: { $mines } — забагато мін для дошки { $w }x{ $h } з безпечним першим відкриттям; щонайбільше { $most }
rules-mines-layout = розклад: задано { $count } різних клітинок із мінами, а в грі їх { $mines }

## Гра та її параметри

rules-unknown-game = невідома гра «{ $name }»; ігри: { $names }
rules-unknown-param = невідомий параметр «{ $param }»; параметри: { $params }
rules-param-needs-value = параметр «{ $param }» потребує значення ({ $kind ->
    [choice] { $choices }
    [bool] true | false
    [int] ціле число { $lo }..{ $hi }
    [ints] список через кому, не більше { $most } цілих чисел { $lo }..{ $hi }
    [nums] список через кому, не більше { $most } чисел { $lo }..{ $hi }
    [strs] список через кому, не більше { $most } елементів, кожен не довший за { $length } символів
    [cell] клітинка, наприклад c5
    [cells] не більше { $most } клітинок через ';', наприклад c3;d4
   *[str] текст не довший за { $length } символів
})
rules-param-not-valid = параметр «{ $param }»: { $value } не підходить; можна: { $kind ->
    [choice] { $choices }
    [bool] true | false
    [int] ціле число { $lo }..{ $hi }
    [ints] список через кому, не більше { $most } цілих чисел { $lo }..{ $hi }
    [nums] список через кому, не більше { $most } чисел { $lo }..{ $hi }
    [strs] список через кому, не більше { $most } елементів, кожен не довший за { $length } символів
    [cell] клітинка, наприклад c5
    [cells] не більше { $most } клітинок через ';', наприклад c3;d4
   *[str] текст не довший за { $length } символів
}
rules-param-not-one-of = параметр «{ $param }»: { $value } — не одне з { $choices }
rules-param-out-of-range = параметр «{ $param }»: { $value } поза межами; можна: { $kind ->
    [choice] { $choices }
    [ints] список через кому, не більше { $most } цілих чисел { $lo }..{ $hi }
    [nums] список через кому, не більше { $most } чисел { $lo }..{ $hi }
   *[int] ціле число { $lo }..{ $hi }
}
rules-param-too-large = параметр «{ $param }»: { $value } завелике; можна: текст не довший за { $length } символів
rules-param-not-finite = параметр «{ $param }»: { $value } — не скінченне число
rules-param-not-a-cell = параметр «{ $param }»: { $value } — не клітинка; можна: { $kind ->
    [cells] не більше { $most } клітинок через ';', наприклад c3;d4
   *[cell] клітинка, наприклад c5
}
rules-param-too-long = параметр «{ $param }»: символів: { $count } — задовго; можна: { $kind ->
    [strs] список через кому, не більше { $most } елементів, кожен не довший за { $length } символів
   *[str] текст не довший за { $length } символів
}
rules-param-too-many = параметр «{ $param }»: елементів: { $count } — забагато; можна: { $kind ->
    [ints] список через кому, не більше { $most } цілих чисел { $lo }..{ $hi }
    [nums] список через кому, не більше { $most } чисел { $lo }..{ $hi }
    [strs] список через кому, не більше { $most } елементів, кожен не довший за { $length } символів
   *[cells] не більше { $most } клітинок через ';', наприклад c3;d4
}

## Відмови кімнати

rules-room-already-seated = ви вже займаєте місце { $seat }
rules-room-ended = кімнату { $room } закрито: гру закінчено
rules-room-started = гра в кімнаті { $room } уже почалася; можна дивитися
rules-room-private = кімната { $room } приватна: заходьте за її кодом
rules-room-no-such-seat = місце { $seat }: місця мають номери 0..{ $last }
rules-room-seat-taken = місце { $seat } зайняте
rules-room-seat-invite = місце { $seat } — лише за запрошенням: заходьте за кодом
rules-room-seats-invite = вільні місця — лише за запрошенням: заходьте за кодом
rules-room-full = у кімнаті { $room } немає вільного місця
rules-room-no-seat-held = ви не займаєте місця в кімнаті { $room }
rules-room-unknown = кімнати { $room } немає (до приватної кімнати потрібен її код)
rules-room-not-in = ви не граєте в цій кімнаті й не дивитеся гру в ній
rules-room-stale = хід «{ $move }» зроблено на півході { $ply }, а партія вже на півході { $now }
rules-room-not-your-turn = зараз ходить { $who }, а не ви
rules-room-seats-turn = зараз ходить місце { $seat }, а не ви
rules-room-nobody-to-move = зараз ніхто не ходить, і ви теж
rules-room-time-ran-out = ваш час вичерпано
rules-room-failure-without-timeout = resign: failure задають лише разом із timeout
rules-room-rematch-later = реванш можна попросити після гри
rules-room-chat-outsider = у кімнаті пишуть лише гравці та глядачі
rules-room-not-started = гра ще не почалася: є вільні місця
rules-room-over = гру закінчено
rules-room-no-draw-offer = нічиєї ніхто не пропонував
rules-room-no-draws = ця гра не може закінчитися нічиєю
rules-room-bots-play-on = боти не погоджуються на нічию: грайте далі
rules-room-seats-count = seats: у цієї гри з такими параметрами місць: { $seats }, а описано: { $count }
rules-room-bot-level = seats[{ $i }]: рівень бота «{ $level }» — не один із { $levels }
rules-room-level-for-bots = seats[{ $i }]: рівень задають лише місцям ботів
rules-room-seat-kind = seats[{ $i }]: вид «{ $kind }» — не open, invite і не bot
rules-room-opening-over = дебют: гру закінчено ще до ходу { $n } «{ $move }»
rules-room-opening-illegal = дебют: хід { $n } «{ $move }» неможливий
rules-room-opening-ends = дебют: він закінчує гру, і грати вже нічого
rules-room-secret = { $param }: у грі кількох гравців сервер сам обирає секретний параметр { $param } (хто його обрав, знав би приховане розташування); не задавайте його
rules-room-time-control = { $field ->
    [increment_s] time_control.increment_s: додаток — від 0 до 3600 секунд
   *[initial_s] time_control.initial_s: початковий час — більше 0 і не більше 86400 секунд
}

## Годинник, як його записано

rules-clock-how = годинник «{ $text }»: пишіть ХВИЛИНИ+СЕКУНДИ, наприклад 5+2 (5 хвилин, 2 с за хід), 30s+1 для секунд, або залиште порожнім, щоб грати без годинника
rules-clock-hours = годинник «{ $text }» — це { $hours } год: напишіть { $base }s+{ $inc }, якщо це { $base } секунд (або { $base }m+{ $inc }, якщо хвилини)
rules-clock-start = годинник «{ $text }»: початковий час — більше 0 і не більше 1440 хвилин (24 год)
rules-clock-increment = годинник «{ $text }»: додаток — від 0 до 3600 секунд
