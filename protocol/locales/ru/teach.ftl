# Слова подсказки, разбора, экзамена и задач (solver/teach.py): каждое — часть предложения.

teach-value-win-in = выигрыш за { NUMBER($k) }
teach-value-loss-in = проигрыш за { NUMBER($k) }
teach-value-win-at-most = выигрыш не более чем за { NUMBER($k) }
teach-value-loss-at-most = проигрыш не более чем за { NUMBER($k) }
teach-value-win = выигрыш
teach-value-loss = проигрыш
teach-value-draw = ничья
teach-value-score = значение { $score }
teach-value-unknown = не доказано
teach-left-win-in = после { $move }: выигрыш за { NUMBER($k) }
teach-left-loss-in = после { $move }: проигрыш за { NUMBER($k) }
teach-left-win-at-most = после { $move }: выигрыш не более чем за { NUMBER($k) }
teach-left-loss-at-most = после { $move }: проигрыш не более чем за { NUMBER($k) }
teach-left-win = после { $move }: выигрыш
teach-left-loss = после { $move }: проигрыш
teach-left-draw = после { $move }: ничья
teach-left-score = после { $move }: значение { $score }
teach-left-unknown = после { $move }: не доказано
teach-best-win-in = { $move }: выигрыш за { NUMBER($k) }
teach-best-loss-in = { $move }: проигрыш за { NUMBER($k) }
teach-best-win-at-most = { $move }: выигрыш не более чем за { NUMBER($k) }
teach-best-loss-at-most = { $move }: проигрыш не более чем за { NUMBER($k) }
teach-best-win = { $move }: выигрыш
teach-best-loss = { $move }: проигрыш
teach-best-draw = { $move }: ничья
teach-best-score = { $move }: значение { $score }
teach-best-unknown = { $move }: не доказано
teach-hint-win-in = { $move } (выигрыш за { NUMBER($k) })
teach-hint-win-at-most = { $move } (выигрыш не более чем за { NUMBER($k) })
teach-hint-loss-at-most = { $move } (проигрыш не более чем за { NUMBER($k) })
teach-hint-win = { $move } (выигрыш)
teach-hint-loss = { $move } (проигрыш)
teach-hint-draw = { $move } (ничья)
teach-hint-score = { $move } (значение { $score })
teach-hint-unknown = { $move } (не доказано)
teach-resigned-was-win-in = для сдавшейся стороны позиция была: выигрыш за { NUMBER($k) }
teach-resigned-was-loss-in = для сдавшейся стороны позиция была: проигрыш за { NUMBER($k) }
teach-resigned-was-win-at-most = для сдавшейся стороны позиция была: выигрыш не более чем за { NUMBER($k) }
teach-resigned-was-loss-at-most = для сдавшейся стороны позиция была: проигрыш не более чем за { NUMBER($k) }
teach-resigned-was-win = для сдавшейся стороны позиция была: выигрыш
teach-resigned-was-loss = для сдавшейся стороны позиция была: проигрыш
teach-resigned-was-draw = для сдавшейся стороны позиция была: ничья
teach-resigned-was-score = для сдавшейся стороны позиция была: значение { $score }
teach-resigned-was-unknown = для сдавшейся стороны позиция была: не доказано
teach-hint-loss-in = { $move } (проигрыш не позже чем за { NUMBER($k) }; этот ход держится дольше всех)
teach-hint-engine = { $move } (выбор поиска)
teach-hint-stops = { $move } (останавливает непрерывные четвёрки соперника)
teach-hint-fours-win-in = { $move } (выигрыш непрерывными четвёрками за { NUMBER($k) }: { $line })
teach-hint-fours-win-at-most = { $move } (выигрыш непрерывными четвёрками не более чем за { NUMBER($k) }: { $line })
teach-hint-fours-win = { $move } (выигрыш непрерывными четвёрками: { $line })
teach-engine-score = оценка движка { $score }
teach-engine-win = движок: выигрыш близко
teach-engine-loss = движок: проигрыш близко
teach-engine-unknown = не оценено
teach-verdict-best = лучший
teach-verdict-kept-win = выигрыш сохранён
teach-verdict-threw-win = выигрыш упущен
teach-verdict-threw-draw = ничья упущена
teach-verdict-hurried = проигрыш ускорен
teach-verdict-resigned-won = сдача в выигранной позиции
teach-verdict-resigned-drawn = сдача в ничейной позиции
teach-verdict-resigned-lost = сдача в проигранной позиции
teach-verdict-resigned = сдача
teach-verdict-missed-win = пропущен доказанный выигрыш
teach-verdict-missed-defence = пропущена вынужденная защита
teach-verdict-allowed-win = допущен доказанный выигрыш соперника
teach-verdict-lost-anyway = проигрыш в любом случае
teach-verdict-stopped = угроза остановлена
teach-verdict-engine = выбор движка
teach-verdict-engine-close = близко к выбору движка
teach-verdict-engine-other = движок предпочитает другой ход
teach-verdict-no-proof = без доказательства
teach-verdict-out-of-time = без доказательства (на разбор не хватило времени)
teach-verdict-other = оценено
teach-verdict-gave-away = отдано { $score }
teach-before-no-win = выигрыш не доказан
teach-before-nothing = выигрыш не доказан ни для кого
teach-before-not-judged = не оценено
teach-before-lost-anyway = проигрыш: последняя четвёрка соперника — часть доказательства, охватывающего любой ответ
teach-before-threat-five = соперник угрожает пятёркой на { $move }
teach-before-threat-fours = соперник угрожает непрерывными четвёрками: { $line }
teach-before-proof-now = выигрыш сразу: { $line }
teach-before-proof-fours = выигрыш непрерывными четвёрками за { NUMBER($k) }: { $line }
teach-before-proof-fours-at-most = выигрыш непрерывными четвёрками не более чем за { NUMBER($k) }: { $line }
teach-line-best-now = { $moves }: выигрыш сразу: { $line }
teach-line-best-fours = { $moves }: выигрыш непрерывными четвёрками за { NUMBER($k) }: { $line }
teach-line-best-fours-at-most = { $moves }: выигрыш непрерывными четвёрками не более чем за { NUMBER($k) }: { $line }
teach-line-after-opp-now = после { $move } у соперника выигрыш сразу: { $line }
teach-line-after-opp-fours = после { $move } у соперника выигрыш непрерывными четвёрками за { NUMBER($k) }: { $line }
teach-line-after-opp-fours-at-most = после { $move } у соперника выигрыш непрерывными четвёрками не более чем за { NUMBER($k) }: { $line }
teach-line-now-opp-now = теперь у соперника выигрыш сразу: { $line }
teach-line-now-opp-fours = теперь у соперника выигрыш непрерывными четвёрками за { NUMBER($k) }: { $line }
teach-line-now-opp-fours-at-most = теперь у соперника выигрыш непрерывными четвёрками не более чем за { NUMBER($k) }: { $line }
teach-line-after-no-win = после { $move } у соперника нет выигрыша ни сразу, ни непрерывными четвёрками
teach-line-no-stop = ни один другой испробованный ход этого не останавливает
teach-line-every-reply-loses = любой ответ проигрывает
teach-line-engine-plays = движок играет { $move }
teach-line-after = после { $move }
teach-stretch-winning = выигрывает { $name }
teach-stretch-drawn = ничья
teach-stretch-worth = значение { $score } для { $name }
teach-stretch-unknown = не доказано
teach-sum-no-moves = нет ходов для оценки
teach-sum-start-winning = с начала выигрывает { $name }
teach-sum-start-drawn = с начала ничья
teach-sum-start-worth = с начала значение { $score } для { $name }
teach-sum-start-unknown = в начале ничего не доказано
teach-sum-played-threw-win = { $name }, ход № { NUMBER($n) } ({ $move }): выигрыш упущен
teach-sum-resigned-threw-win = { $name }: сдача: выигрыш упущен
teach-sum-played-threw-draw = { $name }, ход № { NUMBER($n) } ({ $move }): ничья упущена
teach-sum-resigned-threw-draw = { $name }: сдача: ничья упущена
teach-sum-played-missed-defence = { $name }, ход № { NUMBER($n) } ({ $move }): пропущена единственная найденная защита ({ $stop }), и у соперника доказанный выигрыш
teach-sum-resigned-missed-defence = { $name }: сдача: пропущена единственная найденная защита ({ $stop }), и у соперника доказанный выигрыш
teach-sum-played-missed-win = { $name }, ход № { NUMBER($n) } ({ $move }): пропущен доказанный выигрыш (что осталось, не доказано)
teach-sum-resigned-missed-win = { $name }: сдача: пропущен доказанный выигрыш (что осталось, не доказано)
teach-sum-played = { $name }, ход № { NUMBER($n) } ({ $move })
teach-sum-resigned = { $name }: сдача
teach-sum-kept-it = сохранить это можно было ходом { $moves }
teach-sum-more = и ещё { $n ->
    [one] { NUMBER($n) } переломный ход
    [few] { NUMBER($n) } переломных хода
    [many] { NUMBER($n) } переломных ходов
   *[other] { NUMBER($n) } переломного хода
}
teach-sum-nobody-threw = никто этого не упустил
teach-sum-gave-away = { $name }: всего отдано { $score }
teach-sum-accuracy = точность { $name }: { NUMBER($percent) }% ({ NUMBER($best) } из { NUMBER($moves) })
teach-sum-engine-unit = числа движка — его оценка в очках, каждая для сделавшего ход (положительная — в пользу сделавшего ход)
teach-exam-why19 = при S = { $s } первый ход { $move } оставляет позицию, в которой второй игрок выигрывает сразу, а при каждом меньшем S такого хода нет
teach-exam-why19-none = ни при каком S второй игрок не может выиграть своим первым ходом после какого-либо первого хода
teach-exam-why20 = код 2 (первый игрок выигрывает своим вторым ходом, но не первым) ровно при S = { $values }
teach-exam-why20-none = ни одно S не имеет кода 2
teach-exam-why21 = S = { $s } — наименьшее с кодом -2: каждый первый ход проигрывает не позже второго хода второго игрока, а некоторый первый ход не проигрывает сразу
teach-exam-why21-none = ни одно S не имеет кода -2
teach-puzzle-task = { $game }: найдите выигрышный ход (выигрыш вашим ходом № { NUMBER($k) })
teach-puzzle-task-after = { $game } после { $moves }: найдите выигрышный ход (выигрыш вашим ходом № { NUMBER($k) })
teach-puzzle-one-wins = выигрывает ровно один ход
teach-puzzle-many-win = { $n ->
    [one] выигрывает { NUMBER($n) } ход
    [few] выигрывают { NUMBER($n) } хода
   *[other] выигрывают { NUMBER($n) } ходов
}: любой из них верен
teach-puzzle-wins = { $move } выигрывает
teach-puzzle-so-do = как и { $moves }
teach-puzzle-only = это единственный выигрышный ход
teach-puzzle-ends-badly = { $move } заканчивает игру, и не в вашу пользу
teach-puzzle-loses = { $move } проигрывает: соперник отвечает { $reply } и выигрывает своим ходом № { NUMBER($k) }
teach-puzzle-leads-win = { $move } выигрывает, но не так, как требует задача
teach-puzzle-leads-loss = { $move } не выигрывает: при лучшей игре он ведёт к проигрышу
teach-puzzle-leads-draw = { $move } не выигрывает: при лучшей игре он ведёт к ничьей
teach-puzzle-leads-unknown = { $move } не выигрывает
teach-puzzle-a-winning-move = выигрышный ход был { $move }
teach-refused-no-puzzle = задачи { $id } здесь нет
teach-refused-no-replay = эти ходы не воспроизводятся: { $why }
teach-refused-tree-too-large = { $why }: дерево строится для позиций, которые точный решатель решает
teach-refused-exam-too-large = { $why }: таблица экзамена — для игр, которые точный решатель решает
teach-refused-hidden-moves = некоторые ходы скрыты от этого клиента, поэтому игру здесь не воспроизвести
teach-refused-rebuild = игру здесь не воссоздать: { $why }
teach-refused-rebuild-game = { $game }: игру здесь не воссоздать
teach-refused-two-players = { $game }: точный решатель оценивает только игры двух игроков
teach-refused-not-exact = игру здесь не оценить точно ({ $why })
teach-refused-too-large = ход № { NUMBER($n) } ({ $move }): слишком велик для точной оценки, и ни одно известное правило не подходит
teach-refused-move = ход № { NUMBER($n) } ({ $move }) здесь не воспроизводится: { $why }
teach-refused-hidden-hint = { $game }: в игре со скрытой информацией подсказок нет
teach-refused-over = игра окончена: нет хода, который можно подсказать

# параметры экзамена, которые нельзя принять (ключ — нотация: heaps, goal, range)
teach-exam-bad-heaps = heaps { $value }: укажите начальные кучки ровно с одним S, например 7,S
teach-exam-bad-goal = goal { $value }: напишите число, например 77, >=77 или <=19
teach-exam-bad-range = range { $value }: напишите ОТ..ДО, где ОТ <= ДО, например 1..69
teach-exam-too-many = { NUMBER($n) } { $n ->
    [one] значение
    [few] значения
   *[other] значений
} S: в одной таблице не больше { NUMBER($most) } (укажите range)
