## Доска анализа, подсказка и разбор партии (client/web/analysis.js, teach.js, explained.js)

web-an-part = часть
web-an-size = размер
web-an-binary = в двоичной
web-an-head = Ходит { $name }: { $value } { $by }
web-an-map = на доске: { $what }
web-an-hint = подсказка: { $move }
web-an-no-hint = подсказки нет: { $why }
web-an-over-here = здесь игра окончена: вернитесь на ход назад, чтобы попробовать другой ход
web-an-wait = дождитесь ответа решателя об этой позиции
web-an-illegal = { $move } — здесь невозможный ход
web-an-start = В начале
web-an-after = После хода { NUMBER($ply) }{ $of ->
    [0] {""}
   *[other] {" "}из { $of }
} ({ $move })
web-an-first = в начало (Home)
web-an-prev = на ход назад (←)
web-an-next = на ход вперёд (→)
web-an-last = в конец (End)
web-an-what-if = А если:
web-an-no-move-yet = (ещё без хода)
web-an-instead = вместо { $move }
web-an-to-move-at = { $name } ходит на ходу { NUMBER($n) }
web-an-back = Назад к партии
web-an-back-title = ходы самой партии
web-an-about = Сделайте любой ход на доске, чтобы увидеть, к чему бы он привёл.
web-an-end = Конец партии{ $back ->
    [yes] : вернитесь клавишей ← или щёлкните ход.
   *[no] .
}
web-an-last-position = Последняя позиция ({ $over }){ $back ->
    [yes] : вернитесь клавишей ← или щёлкните ход.
   *[no] .
}
web-an-looking = решатель анализирует эту позицию…
web-an-refused = объяснения нет: { $why }
web-an-again = Спросить ещё раз
web-an-in-the-game = В партии
web-an-played = { $name }: ход { $move }
web-an-before-it = до него: { $value }
web-an-better-below = лучше { $moves }, как объяснено ниже
web-ex-by-other = по решателю
web-map-corner = результат для того, кто ходит, когда { $piece } стоит на каждой клетке (W3: выигрывает своим 3-м ходом; L2: проигрывает не позже 2-го хода соперника; L0: там игра окончена); проигрышные клетки — те, где значение Гранди 0{ $more ->
    [yes] ; ближайшие к фигуре клетки, сначала проигрышные
   *[no] {""}
}
web-map-prices = цена каждой клетки: сколько получит Max оттуда при наилучшей игре{ $more ->
    [yes] {" "}(ближайшие к пешке клетки, сначала те, до которых она ещё может дойти)
   *[no] {""}
}
web-map-pursuit = раунды, за которые преследователь на { $cell }, который ходит, ловит убегающего на каждой клетке ('-': никогда); результат — для преследователя
web-map-cells = результат для того, кто ходит, от хода на каждую пустую клетку (W3: выигрывает своим 3-м ходом, считая этот; L2: проигрывает не позже 2-го хода соперника; D: ничья)
web-map-other = что решатель нашёл для каждой клетки
web-value-win-in = выигрыш за { NUMBER($k) }
web-value-loss-in = проигрыш за { NUMBER($k) }
web-value-win-at-most = выигрыш не более чем за { NUMBER($k) }
web-value-loss-at-most = проигрыш не более чем за { NUMBER($k) }
web-value-win = выигрыш
web-value-loss = проигрыш
web-value-draw = ничья
web-value-score = значение { $score }
web-value-engine = оценка движка { $score }
web-value-engine-win = движок: выигрыш близко
web-value-engine-loss = движок: проигрыш близко
web-value-won = выиграно
web-value-unknown = не доказано
web-verdict-best = лучший
web-verdict-kept-win = выигрыш сохранён
web-verdict-threw-win = выигрыш упущен
web-verdict-threw-draw = ничья упущена
web-verdict-hurried = проигрыш ускорен
web-verdict-resigned-won = сдача в выигранной позиции
web-verdict-resigned-drawn = сдача в ничейной позиции
web-verdict-resigned-lost = сдача в проигранной позиции
web-verdict-resigned = сдача
web-verdict-missed-win = пропущен доказанный выигрыш
web-verdict-missed-defence = пропущена вынужденная защита
web-verdict-allowed-win = допущен доказанный выигрыш соперника
web-verdict-lost-anyway = проигрыш в любом случае
web-verdict-stopped = угроза остановлена
web-verdict-engine = выбор движка
web-verdict-engine-close = близко к выбору движка
web-verdict-engine-other = движок предпочитает другой ход
web-verdict-no-proof = без доказательства
web-verdict-not-judged = не оценено
web-verdict-gave-away = отдано { $score }
web-verdict-other = оценено
web-review-why-board = щёлкните строку: доска объяснит
web-review-title = Оценка решателя для каждого хода
web-review-who-winning = Кто выигрывал:
web-review-turning = Переломные ходы:
web-review-accuracy = Точность:
web-review-player = Игрок
web-review-move = Ход
web-review-before = До
web-review-after = После
web-review-verdict = Оценка
web-review-show = показать эту позицию на доске
web-review-better = лучше
web-teach-looking = { $move }: решатель анализирует…
web-teach-over-after = После { $move } игра окончена: { $reason }
web-teach-after = После { $move } ходит { $name }: { $value }
web-teach-best = лучший ход
web-teach-throws-win = он упускает выигрыш
web-teach-throws-draw = он упускает ничью
web-teach-keeps-win = он сохраняет выигрыш
web-teach-losing = проигрывающий ход
web-teach-draw = он ведёт к ничьей
web-teach-move-n = ход { NUMBER($n) }
web-teach-moves-span = ходы { $from }–{ $to }
web-teach-worth = счёт
web-teach-winning = выигрывает { $name }
web-teach-turning = ход { NUMBER($n) }, { $move } ({ $name }; { $verdict })
web-teach-accuracy = { $name }: { $percent }% (лучших { $best } из { $moves ->
    [one] { $moves } хода
   *[other] { $moves } ходов
})

## Учебные страницы (client/web/study.html, studypage.js, study.js)

web-study-nav-analysis = Доска анализа
web-study-nav-exam = Экзамен
web-study-nav-puzzles = Задачи
web-study-any = Любая позиция
web-study-open = Открыть позицию
web-study-position = Позиция
web-study-copy = Копировать
web-study-tree = Дерево игры
web-study-draw-tree = Построить дерево
web-study-unfold = Развернуть всё
web-study-fold = Свернуть всё
web-exam-title = Игра с кучами из ЕГЭ (задания 19–21)
web-exam-solve = Решить для каждого S
web-puzzles-title = Задачи: найдите выигрышный ход
web-puzzle = Задача
web-puzzle-next = Следующая задача
web-puzzle-all = Все задачи
web-study-tree-about = Каждый узел: ход, ведущий к нему, и его код для того, кто там ходит (K: выигрывает своим K-м ходом; -K: проигрывает не позже K-го хода соперника; 0: игра окончена). В выигранном узле только выигрывающие ходы, в проигранном — все. Ход открывает свою позицию.
web-exam-about = Два игрока, кучи камней; ход применяет одну операцию к одной куче. Игра заканчивается, когда сумма достигает цели; по правилу reach-wins выигрывает тот, кто её достиг. S — неизвестная куча.
web-puzzles-about = Составлены решателем для игр, которые он решает, и взяты из настоящих партий, где выигрыш был упущен. Лёгкие: выигрыш сразу; средние: вторым или третьим ходом; трудные: позже.
web-study-game = Игра
web-study-moves = Ходы от начала
web-study-share = Ссылка
web-study-depth = Глубина
web-exam-heaps = Кучи
web-exam-ops = Операции
web-exam-goal = Цель
web-exam-rule = Правило
web-exam-range = S от..до
web-study-moves-hint = напр. 1:2, 3:1 (ходы через запятую)
web-exam-range-hint = все (напр. 1..69)
web-study-reconnecting = соединение потеряно: переподключение…
web-study-disconnected = отключено: { $reason }
web-study-catching-up = сервер догоняет…
web-study-seat = { $seat ->
    [0] Первый игрок
    [1] Второй игрок
   *[other] Место { $seat }
}
web-study-no-page = такой страницы здесь нет: показана доска анализа
web-study-no-game = игры { $game } здесь нет: выберите игру выше
web-study-no-position = позиции нет: { $why }
web-study-notation = Запись: ход пишется так, как на доске, напр. { $move }; щёлкните доску или кнопку, чтобы сыграть.
web-study-after = После { $moves }
web-study-over = Здесь игра окончена.
web-study-back = Назад
web-study-back-title = отменить последний ход
web-study-plies = { $n ->
    [one] { NUMBER($n) } полуход
    [few] { NUMBER($n) } полухода
   *[many] { NUMBER($n) } полуходов
}
web-study-drawing = строю дерево…
web-study-no-tree = дерева нет: { $why }
web-study-this-position = эта позиция
web-study-open-position = открыть эту позицию на доске
web-study-open-further = открыть, чтобы увидеть дальше
web-study-copied = адрес скопирован
web-study-no-catalog = каталог игр не пришёл: { $why }
web-exam-solving = решатель решает для каждого S…
web-exam-no-table = таблицы нет: { $why }
web-exam-answers = Ответы
web-exam-task = Задание { $n }
web-exam-why19 = наименьшее S: Ваня может выиграть первым ходом после неудачного первого хода Пети
web-exam-why20 = все S, при которых Петя выигрывает своим вторым ходом, но не первым
web-exam-why21 = наименьшее S, при котором Ваня выигрывает первым или вторым ходом, но не наверняка первым
web-exam-codes = Код каждого начального S
web-exam-codes-about = K: первый игрок выигрывает своим K-м ходом; -K: второй игрок выигрывает не позже своего K-го хода. Щёлкните S, чтобы увидеть дерево игры.
web-exam-open-tree = S = { $s }: открыть дерево игры
web-puzzles-making = решатель составляет задачи…
web-puzzles-none = задач нет: { $why }
web-puzzles-solved = Решено здесь: { NUMBER($n) } из { $total }.
web-puzzles-from-games = Из настоящих партий: здесь выигрыш был упущен
web-puzzle-grade-easy = лёгкая
web-puzzle-grade-medium = средняя
web-puzzle-grade-hard = трудная
web-puzzle-from-game = из партии
web-puzzle-solved = решена
web-puzzle-none = Такой задачи нет
web-puzzle-title = Задача { $id }
web-puzzle-task = { $game }: найдите выигрышный ход.
web-puzzle-notation = Щёлкните свой ход на доске (или его кнопку); ходы записываются как { $move }.
web-puzzle-not-a-move = здесь такого хода нет
web-puzzle-right = Верно
web-puzzle-wrong = Не этот
web-puzzle-refuted = Не этот: соперник отвечает { $reply } и выигрывает.
web-puzzle-see-refutation = Опровержение на доске анализа
web-puzzle-see-tree = Позиция и её дерево на доске анализа
web-code-over = игра окончена
web-code-draw = ничья при наилучшей игре
web-code-payoff = { $value } для того, кто ходит
web-code-win = тот, кто ходит, выигрывает своим ходом № { $k }
web-code-loss-now = любой ход сразу проигрывает
web-code-loss = тот, кто ходит, проигрывает не позже хода соперника № { $k }

## Доски, подсказки, учётная запись и остальная страница

web-board-take-from = взять { NUMBER($n) } из кучи { $heap }
web-board-of = { $words } (из { NUMBER($n) })
web-board-heaps-keys = кучи: вверх и вниз — выбор кучи, влево и вправо — сколько, Enter — взять
web-board-heap = куча
web-board-take = взять { $n }
web-board-takeaway = брать { $take } · цель { $goal } · { $rule }
web-board-sums = сумма { $total } · цель { $goal } · { $rule }
web-board-pins-keys = кегли: влево и вправо — выбор кегли или пары, Enter — сбить
web-board-pin = кегля { NUMBER($n) }
web-board-pin-state = кегля { NUMBER($n) }{ $up ->
    [yes] {""}
   *[no] , сбита
}
web-board-knock = сбить кегли { $pair }
web-board-pair = кегли { $pair }
web-board-keys = стрелки — движение, Enter — ход{ $modes ->
    [yes] , Shift+Enter — ход другим способом
   *[no] {""}
}
web-board-grid = доска { $w } на { $h }: { $keys }
web-board-mines-left = { $n ->
    [one] осталась { NUMBER($n) } мина
    [few] осталось { NUMBER($n) } мины
   *[many] осталось { NUMBER($n) } мин
}
web-board-stone = камень: { $colour }
web-board-colour-black = чёрный
web-board-colour-white = белый
web-board-colour-red = красный
web-board-colour-blue = синий
web-board-blocked = закрыта
web-board-covered = скрыта
web-board-cell-empty = пусто
web-board-winning-line = { $cell }: выигрышная линия
web-board-on-line = выигрышная линия
web-acc-secret-refused = сохранённый секрет для { $name } отклонён: войдите снова с правильным
web-acc-secret-copied = секрет скопирован
web-acc-provisional = предварительный: RD больше 110
web-acc-registered = зарегистрирован { $when } UTC
web-acc-hosted-bot = бот сервера
web-app-bad-link = эта ссылка не открывает игру: { $why }
web-app-draw-declined = { $name }: ничья отклонена
web-app-your-move-title = Ваш ход — { $title }
web-app-no-review = разбора нет: { $why }
web-games-every = все игры
web-net-dropped = соединение оборвалось
web-net-not-connected = нет соединения: переподключение…
web-sound-title = звуки ходов, конца игры и малого остатка времени
web-challenges-region = вызовы
web-param-optional = необязательно
web-exam-game = кучи { $heaps } · операции { $ops } · цель { $goal } · { $rule }
web-attr-copy-secret = чтобы войти на другом устройстве
web-attr-game = игра
web-attr-refresh-people = обновить список игроков онлайн
web-attr-tournaments-state = показать турниры в этом состоянии
web-attr-refresh-tournaments = обновить турниры
web-attr-refresh-tournament = обновить турнир
web-attr-wdl = победы-ничьи-поражения
web-attr-change-here = как рейтинговые игры этого турнира изменили рейтинг
web-attr-round = тур
web-attr-tn-name = составляется из игры и формата
web-attr-name-rule = 1–32 буквы, цифры, _ . или -, начинается с буквы или цифры
