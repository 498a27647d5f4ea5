# Думите на подсказката, разбора, изпита и задачите (solver/teach.py): всяко е част от изречение.

teach-value-win-in = печели за { NUMBER($k) }
teach-value-loss-in = губи за { NUMBER($k) }
teach-value-win-at-most = печели най-много за { NUMBER($k) }
teach-value-loss-at-most = губи най-много за { NUMBER($k) }
teach-value-win = печели
teach-value-loss = губи
teach-value-draw = реми
teach-value-score = стойност { $score }
teach-value-unknown = не е доказано
teach-left-win-in = след { $move }: печели за { NUMBER($k) }
teach-left-loss-in = след { $move }: губи за { NUMBER($k) }
teach-left-win-at-most = след { $move }: печели най-много за { NUMBER($k) }
teach-left-loss-at-most = след { $move }: губи най-много за { NUMBER($k) }
teach-left-win = след { $move }: печели
teach-left-loss = след { $move }: губи
teach-left-draw = след { $move }: реми
teach-left-score = след { $move }: стойност { $score }
teach-left-unknown = след { $move }: не е доказано
teach-best-win-in = { $move }: печели за { NUMBER($k) }
teach-best-loss-in = { $move }: губи за { NUMBER($k) }
teach-best-win-at-most = { $move }: печели най-много за { NUMBER($k) }
teach-best-loss-at-most = { $move }: губи най-много за { NUMBER($k) }
teach-best-win = { $move }: печели
teach-best-loss = { $move }: губи
teach-best-draw = { $move }: реми
teach-best-score = { $move }: стойност { $score }
teach-best-unknown = { $move }: не е доказано
teach-hint-win-in = { $move } (печели за { NUMBER($k) })
teach-hint-win-at-most = { $move } (печели най-много за { NUMBER($k) })
teach-hint-loss-at-most = { $move } (губи най-много за { NUMBER($k) })
teach-hint-win = { $move } (печели)
teach-hint-loss = { $move } (губи)
teach-hint-draw = { $move } (реми)
teach-hint-score = { $move } (стойност { $score })
teach-hint-unknown = { $move } (не е доказано)
teach-resigned-was-win-in = за предалия се позицията беше: печели за { NUMBER($k) }
teach-resigned-was-loss-in = за предалия се позицията беше: губи за { NUMBER($k) }
teach-resigned-was-win-at-most = за предалия се позицията беше: печели най-много за { NUMBER($k) }
teach-resigned-was-loss-at-most = за предалия се позицията беше: губи най-много за { NUMBER($k) }
teach-resigned-was-win = за предалия се позицията беше: печели
teach-resigned-was-loss = за предалия се позицията беше: губи
teach-resigned-was-draw = за предалия се позицията беше: реми
teach-resigned-was-score = за предалия се позицията беше: стойност { $score }
teach-resigned-was-unknown = за предалия се позицията беше: не е доказано
teach-hint-loss-in = { $move } (загуба най-късно за { NUMBER($k) }; този ход издържа най-дълго)
teach-hint-engine = { $move } (изборът на търсенето)
teach-hint-stops = { $move } (спира непрекъснатите четворки на противника)
teach-hint-fours-win-in = { $move } (печели с непрекъснати четворки за { NUMBER($k) }: { $line })
teach-hint-fours-win-at-most = { $move } (печели с непрекъснати четворки най-много за { NUMBER($k) }: { $line })
teach-hint-fours-win = { $move } (печели с непрекъснати четворки: { $line })
teach-engine-score = оценка на търсачката { $score }
teach-engine-win = търсачката: печалба наблизо
teach-engine-loss = търсачката: загуба наблизо
teach-engine-unknown = не е оценено
teach-verdict-best = най-добър
teach-verdict-kept-win = печалбата е запазена
teach-verdict-threw-win = печалбата е изпусната
teach-verdict-threw-draw = ремито е изпуснато
teach-verdict-hurried = загубата е ускорена
teach-verdict-resigned-won = предаване в спечелена позиция
teach-verdict-resigned-drawn = предаване в реми позиция
teach-verdict-resigned-lost = предаване в загубена позиция
teach-verdict-resigned = предаване
teach-verdict-missed-win = пропусната доказана печалба
teach-verdict-missed-defence = пропусната задължителна защита
teach-verdict-allowed-win = допусната доказана печалба на противника
teach-verdict-lost-anyway = загуба във всеки случай
teach-verdict-stopped = заплахата е спряна
teach-verdict-engine = изборът на търсачката
teach-verdict-engine-close = близо до избора на търсачката
teach-verdict-engine-other = търсачката предпочита друг ход
teach-verdict-no-proof = без доказателство
teach-verdict-out-of-time = без доказателство (времето за разбора свърши)
teach-verdict-other = оценено
teach-verdict-gave-away = дадено { $score }
teach-before-no-win = няма доказана печалба
teach-before-nothing = няма доказана печалба за никого
teach-before-not-judged = не е оценено
teach-before-lost-anyway = загуба: последната четворка на противника е част от доказателство, което покрива всеки отговор
teach-before-threat-five = противникът заплашва с петица на { $move }
teach-before-threat-fours = противникът заплашва с непрекъснати четворки: { $line }
teach-before-proof-now = печели веднага: { $line }
teach-before-proof-fours = печели с непрекъснати четворки за { NUMBER($k) }: { $line }
teach-before-proof-fours-at-most = печели с непрекъснати четворки най-много за { NUMBER($k) }: { $line }
teach-line-best-now = { $moves }: печели веднага: { $line }
teach-line-best-fours = { $moves }: печели с непрекъснати четворки за { NUMBER($k) }: { $line }
teach-line-best-fours-at-most = { $moves }: печели с непрекъснати четворки най-много за { NUMBER($k) }: { $line }
teach-line-after-opp-now = след { $move } противникът печели веднага: { $line }
teach-line-after-opp-fours = след { $move } противникът печели с непрекъснати четворки за { NUMBER($k) }: { $line }
teach-line-after-opp-fours-at-most = след { $move } противникът печели с непрекъснати четворки най-много за { NUMBER($k) }: { $line }
teach-line-now-opp-now = сега противникът печели веднага: { $line }
teach-line-now-opp-fours = сега противникът печели с непрекъснати четворки за { NUMBER($k) }: { $line }
teach-line-now-opp-fours-at-most = сега противникът печели с непрекъснати четворки най-много за { NUMBER($k) }: { $line }
teach-line-after-no-win = след { $move } противникът няма печалба нито веднага, нито с непрекъснати четворки
teach-line-no-stop = никой друг опитан ход не го спира
teach-line-every-reply-loses = всеки отговор губи
teach-line-engine-plays = търсачката играе { $move }
teach-line-after = след { $move }
teach-stretch-winning = печели { $name }
teach-stretch-drawn = реми
teach-stretch-worth = стойност { $score } за { $name }
teach-stretch-unknown = не е доказано
teach-sum-no-moves = няма ходове за оценка
teach-sum-start-winning = от началото печели { $name }
teach-sum-start-drawn = от началото реми
teach-sum-start-worth = от началото стойност { $score } за { $name }
teach-sum-start-unknown = в началото нищо не е доказано
teach-sum-played-threw-win = { $name }, ход № { NUMBER($n) } ({ $move }): печалбата е изпусната
teach-sum-resigned-threw-win = { $name }: предаване: печалбата е изпусната
teach-sum-played-threw-draw = { $name }, ход № { NUMBER($n) } ({ $move }): ремито е изпуснато
teach-sum-resigned-threw-draw = { $name }: предаване: ремито е изпуснато
teach-sum-played-missed-defence = { $name }, ход № { NUMBER($n) } ({ $move }): пропусната е единствената намерена защита ({ $stop }) и противникът има доказана печалба
teach-sum-resigned-missed-defence = { $name }: предаване: пропусната е единствената намерена защита ({ $stop }) и противникът има доказана печалба
teach-sum-played-missed-win = { $name }, ход № { NUMBER($n) } ({ $move }): пропусната е доказана печалба (остатъкът не е доказан)
teach-sum-resigned-missed-win = { $name }: предаване: пропусната е доказана печалба (остатъкът не е доказан)
teach-sum-played = { $name }, ход № { NUMBER($n) } ({ $move })
teach-sum-resigned = { $name }: предаване
teach-sum-kept-it = можеше да се запази с ход { $moves }
teach-sum-more = и още { $n ->
    [one] { NUMBER($n) } повратен ход
   *[other] { NUMBER($n) } повратни хода
}
teach-sum-nobody-threw = никой не го изпусна
teach-sum-gave-away = { $name }: общо дадено { $score }
teach-sum-accuracy = точност на { $name }: { NUMBER($percent) }% ({ NUMBER($best) } от { NUMBER($moves) })
teach-sum-engine-unit = числата на търсачката са нейната оценка в точки, всяка за играча, който е играл хода (положителна: в негова полза)
teach-exam-why19 = при S = { $s } първият ход { $move } оставя позиция, в която вторият играч печели веднага, а при всяко по-малко S такъв ход няма
teach-exam-why19-none = при никое S вторият играч не може да спечели с първия си ход след някой първи ход
teach-exam-why20 = кодът е 2 (първият играч печели с втория си ход, но не с първия) точно при S = { $values }
teach-exam-why20-none = никое S няма код 2
teach-exam-why21 = S = { $s } е най-малкото с код -2: всеки първи ход губи най-късно с втория ход на втория играч, а някой първи ход не губи веднага
teach-exam-why21-none = никое S няма код -2
teach-puzzle-task = { $game }: намерете печелившия ход (печалба с вашия ход № { NUMBER($k) })
teach-puzzle-task-after = { $game } след { $moves }: намерете печелившия ход (печалба с вашия ход № { NUMBER($k) })
teach-puzzle-one-wins = печели точно един ход
teach-puzzle-many-win = { $n ->
    [one] печели { NUMBER($n) } ход
   *[other] печелят { NUMBER($n) } хода
}: всеки от тях е верен
teach-puzzle-wins = { $move } печели
teach-puzzle-so-do = както и { $moves }
teach-puzzle-only = това е единственият печеливш ход
teach-puzzle-ends-badly = { $move } завършва играта и не във ваша полза
teach-puzzle-loses = { $move } губи: противникът отговаря с { $reply } и печели с хода си № { NUMBER($k) }
teach-puzzle-leads-win = { $move } печели, но не както иска задачата
teach-puzzle-leads-loss = { $move } не печели: при най-добра игра води до загуба
teach-puzzle-leads-draw = { $move } не печели: при най-добра игра води до реми
teach-puzzle-leads-unknown = { $move } не печели
teach-puzzle-a-winning-move = печеливш ход беше { $move }
teach-refused-no-puzzle = тук няма задача { $id }
teach-refused-no-replay = тези ходове не могат да се изиграят: { $why }
teach-refused-tree-too-large = { $why }: дървото се строи за позиции, които точният решател решава
teach-refused-exam-too-large = { $why }: таблицата на изпита е за игри, които точният решател решава
teach-refused-hidden-moves = някои ходове са скрити от този клиент, затова играта не може да се възпроизведе тук
teach-refused-rebuild = играта не може да се възстанови тук: { $why }
teach-refused-rebuild-game = { $game }: играта не може да се възстанови тук
teach-refused-two-players = { $game }: точният решател оценява само игри на двама играчи
teach-refused-not-exact = играта не може да се оцени точно тук ({ $why })
teach-refused-too-large = ход № { NUMBER($n) } ({ $move }): твърде голям за точна оценка и никое известно правило не важи
teach-refused-move = ход № { NUMBER($n) } ({ $move }) не може да се изиграе тук: { $why }
teach-refused-hidden-hint = { $game }: в игра със скрита информация няма подсказки
teach-refused-over = играта е свършила: няма ход за подсказване

# параметри на изпита, които не могат да се приемат (ключът е нотация: heaps, goal, range)
teach-exam-bad-heaps = heaps { $value }: дайте началните купчини с точно едно S, например 7,S
teach-exam-bad-goal = goal { $value }: напишете число, например 77, >=77 или <=19
teach-exam-bad-range = range { $value }: напишете ОТ..ДО, където ОТ <= ДО, например 1..69
teach-exam-too-many = { NUMBER($n) } { $n ->
    [one] стойност
   *[other] стойности
} на S: най-много { NUMBER($most) } в една таблица (дайте range)
