## Дъска за анализ, подсказка и преглед на партията (client/web/analysis.js, teach.js, explained.js)

web-an-part = част
web-an-size = размер
web-an-binary = двоично
web-an-head = На ход е { $name }: { $value } { $by }
web-an-map = на дъската: { $what }
web-an-hint = подсказка: { $move }
web-an-no-hint = няма подсказка: { $why }
web-an-over-here = тук играта е свършила: върнете се ход назад, за да опитате друг ход
web-an-wait = изчакайте отговора на решателя за тази позиция
web-an-illegal = { $move } не е възможен ход тук
web-an-start = В началото
web-an-after = След ход { NUMBER($ply) }{ $of ->
    [0] {""}
   *[other] {" "}от { $of }
} ({ $move })
web-an-first = към началото (Home)
web-an-prev = ход назад (←)
web-an-next = ход напред (→)
web-an-last = към края (End)
web-an-what-if = Ами ако:
web-an-no-move-yet = (още без ход)
web-an-instead = вместо { $move }
web-an-to-move-at = { $name } е на ход при ход { NUMBER($n) }
web-an-back = Обратно към партията
web-an-back-title = ходовете на самата партия
web-an-about = Изиграйте който и да е ход на дъската, за да видите до какво би довел.
web-an-end = Краят на партията{ $back ->
    [yes] : върнете се с ← или щракнете ход.
   *[no] .
}
web-an-last-position = Последната позиция ({ $over }){ $back ->
    [yes] : върнете се с ← или щракнете ход.
   *[no] .
}
web-an-looking = решателят анализира тази позиция…
web-an-refused = няма обяснение: { $why }
web-an-again = Попитай пак
web-an-in-the-game = В партията
web-an-played = { $name } изигра { $move }
web-an-before-it = преди него: { $value }
web-an-better-below = по-добре { $moves }, както е обяснено по-долу
web-ex-by-other = според решателя
web-map-corner = резултатът за играча на ход, когато { $piece } е на всяко поле (W3: печели със своя 3-ти ход; L2: губи най-късно при 2-рия ход на противника; L0: там играта е свършила); губещите полета са тези със стойност на Гранди 0{ $more ->
    [yes] ; най-близките до фигурата полета, първо губещите
   *[no] {""}
}
web-map-prices = цената на всяко поле: колко получава Max оттам при най-добра игра{ $more ->
    [yes] {" "}(най-близките до пешката полета, първо тези, до които още може да стигне)
   *[no] {""}
}
web-map-pursuit = рундове, за които преследвачът на { $cell }, който е на ход, хваща бягащия на всяко поле ('-': никога); резултатът е за преследвача
web-map-cells = резултатът за играча на ход при ход на всяко празно поле (W3: печели със своя 3-ти ход, като се брои този; L2: губи най-късно при 2-рия ход на противника; D: реми)
web-map-other = какво намери решателят за всяко поле
web-value-win-in = печели за { NUMBER($k) }
web-value-loss-in = губи за { NUMBER($k) }
web-value-win-at-most = печели най-много за { NUMBER($k) }
web-value-loss-at-most = губи най-много за { NUMBER($k) }
web-value-win = печели
web-value-loss = губи
web-value-draw = реми
web-value-score = стойност { $score }
web-value-engine = оценка на търсачката { $score }
web-value-engine-win = търсачката: печалба наблизо
web-value-engine-loss = търсачката: загуба наблизо
web-value-won = спечелено
web-value-unknown = не е доказано
web-verdict-best = най-добър
web-verdict-kept-win = запази печалбата
web-verdict-threw-win = изпусна печалбата
web-verdict-threw-draw = изпусна ремито
web-verdict-hurried = ускори загубата
web-verdict-resigned-won = се предаде в спечелена позиция
web-verdict-resigned-drawn = се предаде в равна позиция
web-verdict-resigned-lost = се предаде в загубена позиция
web-verdict-resigned = се предаде
web-verdict-missed-win = пропусна доказана печалба
web-verdict-missed-defence = пропусна задължителна защита
web-verdict-allowed-win = допусна доказана печалба
web-verdict-lost-anyway = губи във всеки случай
web-verdict-stopped = спря заплахата
web-verdict-engine = изборът на търсачката
web-verdict-engine-close = близо до избора на търсачката
web-verdict-engine-other = търсачката предпочита друг ход
web-verdict-no-proof = без доказателство
web-verdict-not-judged = не е оценен
web-verdict-gave-away = отстъпи { $score }
web-verdict-other = оценен
web-review-why-board = щракнете реда: дъската обяснява
web-review-title = Оценката на решателя за всеки ход
web-review-who-winning = Кой печелеше:
web-review-turning = Решаващи ходове:
web-review-accuracy = Точност:
web-review-player = Играч
web-review-move = Ход
web-review-before = Преди
web-review-after = След
web-review-verdict = Оценка
web-review-show = покажи тази позиция на дъската
web-review-better = по-добре
web-teach-looking = { $move }: решателят анализира…
web-teach-over-after = След { $move } играта е свършила: { $reason }
web-teach-after = След { $move } на ход е { $name }: { $value }
web-teach-best = най-добър ход
web-teach-throws-win = изпуска печалбата
web-teach-throws-draw = изпуска ремито
web-teach-keeps-win = запазва печалбата
web-teach-losing = губещ ход
web-teach-draw = води до реми
web-teach-move-n = ход { NUMBER($n) }
web-teach-moves-span = ходове { $from }–{ $to }
web-teach-worth = резултат
web-teach-winning = печели { $name }
web-teach-turning = ход { NUMBER($n) }, { $move } ({ $name }; { $verdict })
web-teach-accuracy = { $name }: { $percent }% (най-добри { $best } от { $moves ->
    [one] { $moves } ход
   *[other] { $moves } хода
})

## Учебните страници (client/web/study.html, studypage.js, study.js)

web-study-nav-analysis = Дъска за анализ
web-study-nav-exam = Изпит
web-study-nav-puzzles = Задачи
web-study-any = Всяка позиция
web-study-open = Отвори позицията
web-study-position = Позицията
web-study-copy = Копирай
web-study-tree = Дърво на играта
web-study-draw-tree = Начертай дървото
web-study-unfold = Разгъни всичко
web-study-fold = Сгъни всичко
web-exam-title = Играта с купчини от изпита (задачи 19–21)
web-exam-solve = Реши за всяко S
web-puzzles-title = Задачи: намерете печелившия ход
web-puzzle = Задача
web-puzzle-next = Следваща задача
web-puzzle-all = Всички задачи
web-study-tree-about = Всеки възел: ходът, който води до него, и кодът му за играча на ход там (K: печели със своя K-ти ход; -K: губи най-късно при K-тия ход на противника; 0: играта е свършила). В спечелен възел само печелившите ходове, в загубен — всички. Ходът отваря позицията си.
web-exam-about = Двама играчи, купчини камъни; ходът прилага една операция към една купчина. Играта свършва, когато сборът достигне целта; по правилото reach-wins печели този, който я достигне. S е неизвестната купчина.
web-puzzles-about = Съставени от решателя за игрите, които решава, и взети от истински партии, в които печалбата е изпусната. Лесни: печалба веднага; средни: с втория или третия ход; трудни: по-късно.
web-study-game = Игра
web-study-moves = Ходове от началото
web-study-share = Връзка
web-study-depth = Дълбочина
web-exam-heaps = Купчини
web-exam-ops = Операции
web-exam-goal = Цел
web-exam-rule = Правило
web-exam-range = S от..до
web-study-moves-hint = напр. 1:2, 3:1 (ходове със запетаи)
web-exam-range-hint = всички (напр. 1..69)
web-study-reconnecting = връзката прекъсна: свързване отново…
web-study-disconnected = без връзка: { $reason }
web-study-catching-up = сървърът наваксва…
web-study-seat = { $seat ->
    [0] Първи играч
    [1] Втори играч
   *[other] Място { $seat }
}
web-study-no-page = тук няма такава страница: показана е дъската за анализ
web-study-no-game = тук няма игра { $game }: изберете игра по-горе
web-study-no-position = няма позиция: { $why }
web-study-notation = Запис: ходът се пише както на дъската, напр. { $move }; щракнете дъската или бутон, за да го изиграете.
web-study-after = След { $moves }
web-study-over = Тук играта е свършила.
web-study-back = Назад
web-study-back-title = върни последния ход
web-study-plies = { $n ->
    [one] { NUMBER($n) } полуход
   *[other] { NUMBER($n) } полухода
}
web-study-drawing = чертая дървото…
web-study-no-tree = няма дърво: { $why }
web-study-this-position = тази позиция
web-study-open-position = отвори тази позиция на дъската
web-study-open-further = отвори, за да видиш по-нататък
web-study-copied = адресът е копиран
web-study-no-catalog = каталогът на игрите не дойде: { $why }
web-exam-solving = решателят решава за всяко S…
web-exam-no-table = няма таблица: { $why }
web-exam-answers = Отговорите
web-exam-task = Задача { $n }
web-exam-why19 = най-малкото S: вторият играч може да спечели с първия си ход след лош първи ход на противника
web-exam-why20 = всяко S, при което първият играч печели с втория си ход, но не с първия
web-exam-why21 = най-малкото S, при което вторият играч печели с първия или втория си ход, но не сигурно с първия
web-exam-codes = Кодът на всяко начално S
web-exam-codes-about = K: първият играч печели със своя K-ти ход; -K: вторият играч печели най-късно със своя K-ти ход. Щракнете S, за да видите дървото на играта.
web-exam-open-tree = S = { $s }: отвори дървото на играта
web-puzzles-making = решателят съставя задачите…
web-puzzles-none = няма задачи: { $why }
web-puzzles-solved = Решени тук: { NUMBER($n) } от { $total }.
web-puzzles-from-games = От истински партии: тук печалбата е изпусната
web-puzzle-grade-easy = лесна
web-puzzle-grade-medium = средна
web-puzzle-grade-hard = трудна
web-puzzle-from-game = от партия
web-puzzle-solved = решена
web-puzzle-none = Няма такава задача
web-puzzle-title = Задача { $id }
web-puzzle-task = { $game }: намерете печелившия ход.
web-puzzle-notation = Щракнете своя ход на дъската (или бутона му); ходовете се пишат като { $move }.
web-puzzle-not-a-move = тук няма такъв ход
web-puzzle-right = Вярно
web-puzzle-wrong = Не този
web-puzzle-refuted = Не този: противникът отговаря с { $reply } и печели.
web-puzzle-see-refutation = Опровержението на дъската за анализ
web-puzzle-see-tree = Позицията и дървото ѝ на дъската за анализ
web-code-over = играта е свършила
web-code-draw = реми при най-добра игра
web-code-payoff = { $value } за играча на ход
web-code-win = играчът на ход печели със своя ход № { $k }
web-code-loss-now = всеки ход губи веднага
web-code-loss = играчът на ход губи най-късно при хода на противника № { $k }

## Дъски, подсказки, профил и останалото от страницата

web-board-take-from = вземи { NUMBER($n) } от купчина { $heap }
web-board-of = { $words } (от { NUMBER($n) })
web-board-heaps-keys = купчини: нагоре и надолу избират купчина, наляво и надясно колко, Enter взема
web-board-heap = купчина
web-board-take = вземи { $n }
web-board-takeaway = вземай { $take } · цел { $goal } · { $rule }
web-board-sums = сбор { $total } · цел { $goal } · { $rule }
web-board-pins-keys = кегли: наляво и надясно избират кегла или двойка, Enter събаря
web-board-pin = кегла { NUMBER($n) }
web-board-pin-state = кегла { NUMBER($n) }{ $up ->
    [yes] {""}
   *[no] , съборена
}
web-board-knock = събори кеглите { $pair }
web-board-pair = кегли { $pair }
web-board-keys = стрелките местят, Enter играе{ $modes ->
    [yes] , Shift+Enter играе по другия начин
   *[no] {""}
}
web-board-grid = дъска { $w } на { $h }: { $keys }
web-board-mines-left = { $n ->
    [one] остава { NUMBER($n) } мина
   *[other] остават { NUMBER($n) } мини
}
web-board-stone = камък: { $colour }
web-board-colour-black = черен
web-board-colour-white = бял
web-board-colour-red = червен
web-board-colour-blue = син
web-board-blocked = затворено
web-board-covered = скрито
web-board-cell-empty = празно
web-board-winning-line = { $cell }: печелившата линия
web-board-on-line = печеливша линия
web-hint-rated = в игра за рейтинг няма подсказки: резултатът ѝ влияе на рейтинга (прегледът е след края)
web-hint-notation = ходовете се пишат като { $moves }
web-hint-spectators = зрителите нямат подсказки
web-hint-in-progress = подсказките са за игра, която тече
web-hint-hidden = в { $game } няма подсказки: това е игра със скрита информация и решателят не вижда скритото
web-hint-your-turn = подсказките идват, когато сте на ход; сега е на ход { $name }
web-hint-against = срещу { $names } няма подсказки: подсказките са за приятелски игри срещу бот на сървъра
web-hint-nobody = никого
web-acc-secret-refused = запазената тайна за { $name } беше отхвърлена: влезте отново с правилната
web-acc-secret-copied = тайната е копирана
web-acc-provisional = временен: RD над 110
web-acc-registered = регистриран { $when } UTC
web-acc-hosted-bot = бот на сървъра
web-app-bad-link = тази връзка не отваря игра: { $why }
web-app-draw-declined = { $name } отказа ремито
web-app-your-move-title = Ваш ход — { $title }
web-app-no-review = няма преглед: { $why }
web-games-every = всички игри
web-net-dropped = връзката прекъсна
web-net-not-connected = няма връзка: свързване отново…
web-sound-title = звуци за ходовете, края и малкото оставащо време
web-challenges-region = предизвикателства
web-param-optional = по избор
web-exam-game = купчини { $heaps } · операции { $ops } · цел { $goal } · { $rule }
web-attr-copy-secret = за да влезете от друго устройство
web-attr-game = игра
web-attr-refresh-people = обнови хората онлайн
web-attr-tournaments-state = покажи турнирите в това състояние
web-attr-refresh-tournaments = обнови турнирите
web-attr-refresh-tournament = обнови турнира
web-attr-wdl = победи-равни-загуби
web-attr-change-here = как рейтинговите игри на този турнир промениха рейтинга
web-attr-round = кръг
web-attr-tn-name = съставя се от играта и формата
web-attr-name-rule = 1–32 букви, цифри, _ . или -, започва с буква или цифра
