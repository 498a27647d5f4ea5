# Слова підказки, розбору, іспиту й задач (solver/teach.py): кожне — частина речення.

teach-value-win-in = виграш за { NUMBER($k) }
teach-value-loss-in = програш за { NUMBER($k) }
teach-value-win-at-most = виграш щонайбільше за { NUMBER($k) }
teach-value-loss-at-most = програш щонайбільше за { NUMBER($k) }
teach-value-win = виграш
teach-value-loss = програш
teach-value-draw = нічия
teach-value-score = значення { $score }
teach-value-unknown = не доведено
teach-left-win-in = після { $move }: виграш за { NUMBER($k) }
teach-left-loss-in = після { $move }: програш за { NUMBER($k) }
teach-left-win-at-most = після { $move }: виграш щонайбільше за { NUMBER($k) }
teach-left-loss-at-most = після { $move }: програш щонайбільше за { NUMBER($k) }
teach-left-win = після { $move }: виграш
teach-left-loss = після { $move }: програш
teach-left-draw = після { $move }: нічия
teach-left-score = після { $move }: значення { $score }
teach-left-unknown = після { $move }: не доведено
teach-best-win-in = { $move }: виграш за { NUMBER($k) }
teach-best-loss-in = { $move }: програш за { NUMBER($k) }
teach-best-win-at-most = { $move }: виграш щонайбільше за { NUMBER($k) }
teach-best-loss-at-most = { $move }: програш щонайбільше за { NUMBER($k) }
teach-best-win = { $move }: виграш
teach-best-loss = { $move }: програш
teach-best-draw = { $move }: нічия
teach-best-score = { $move }: значення { $score }
teach-best-unknown = { $move }: не доведено
teach-hint-win-in = { $move } (виграш за { NUMBER($k) })
teach-hint-win-at-most = { $move } (виграш щонайбільше за { NUMBER($k) })
teach-hint-loss-at-most = { $move } (програш щонайбільше за { NUMBER($k) })
teach-hint-win = { $move } (виграш)
teach-hint-loss = { $move } (програш)
teach-hint-draw = { $move } (нічия)
teach-hint-score = { $move } (значення { $score })
teach-hint-unknown = { $move } (не доведено)
teach-resigned-was-win-in = для того, хто здався, позиція була: виграш за { NUMBER($k) }
teach-resigned-was-loss-in = для того, хто здався, позиція була: програш за { NUMBER($k) }
teach-resigned-was-win-at-most = для того, хто здався, позиція була: виграш щонайбільше за { NUMBER($k) }
teach-resigned-was-loss-at-most = для того, хто здався, позиція була: програш щонайбільше за { NUMBER($k) }
teach-resigned-was-win = для того, хто здався, позиція була: виграш
teach-resigned-was-loss = для того, хто здався, позиція була: програш
teach-resigned-was-draw = для того, хто здався, позиція була: нічия
teach-resigned-was-score = для того, хто здався, позиція була: значення { $score }
teach-resigned-was-unknown = для того, хто здався, позиція була: не доведено
teach-hint-loss-in = { $move } (програш щонайпізніше за { NUMBER($k) }; цей хід тримається найдовше)
teach-hint-engine = { $move } (вибір пошуку)
teach-hint-stops = { $move } (зупиняє безперервні четвірки суперника)
teach-hint-fours-win-in = { $move } (виграш безперервними четвірками за { NUMBER($k) }: { $line })
teach-hint-fours-win-at-most = { $move } (виграш безперервними четвірками щонайбільше за { NUMBER($k) }: { $line })
teach-hint-fours-win = { $move } (виграш безперервними четвірками: { $line })
teach-engine-score = оцінка рушія { $score }
teach-engine-win = рушій: виграш близько
teach-engine-loss = рушій: програш близько
teach-engine-unknown = не оцінено
teach-verdict-best = найкращий
teach-verdict-kept-win = виграш збережено
teach-verdict-threw-win = виграш упущено
teach-verdict-threw-draw = нічию упущено
teach-verdict-hurried = програш пришвидшено
teach-verdict-resigned-won = здача у виграній позиції
teach-verdict-resigned-drawn = здача в нічийній позиції
teach-verdict-resigned-lost = здача в програній позиції
teach-verdict-resigned = здача
teach-verdict-missed-win = пропущено доведений виграш
teach-verdict-missed-defence = пропущено вимушений захист
teach-verdict-allowed-win = допущено доведений виграш суперника
teach-verdict-lost-anyway = програш усе одно
teach-verdict-stopped = загрозу зупинено
teach-verdict-engine = вибір рушія
teach-verdict-engine-close = близько до вибору рушія
teach-verdict-engine-other = рушій обирає інший хід
teach-verdict-no-proof = без доведення
teach-verdict-out-of-time = без доведення (на розбір забракло часу)
teach-verdict-other = оцінено
teach-verdict-gave-away = віддано { $score }
teach-before-no-win = виграшу не доведено
teach-before-nothing = виграшу не доведено ні для кого
teach-before-not-judged = не оцінено
teach-before-lost-anyway = програш: остання четвірка суперника — частина доведення, що охоплює кожну відповідь
teach-before-threat-five = суперник загрожує п'ятіркою на { $move }
teach-before-threat-fours = суперник загрожує безперервними четвірками: { $line }
teach-before-proof-now = виграш одразу: { $line }
teach-before-proof-fours = виграш безперервними четвірками за { NUMBER($k) }: { $line }
teach-before-proof-fours-at-most = виграш безперервними четвірками щонайбільше за { NUMBER($k) }: { $line }
teach-line-best-now = { $moves }: виграш одразу: { $line }
teach-line-best-fours = { $moves }: виграш безперервними четвірками за { NUMBER($k) }: { $line }
teach-line-best-fours-at-most = { $moves }: виграш безперервними четвірками щонайбільше за { NUMBER($k) }: { $line }
teach-line-after-opp-now = після { $move } суперник має виграш одразу: { $line }
teach-line-after-opp-fours = після { $move } суперник має виграш безперервними четвірками за { NUMBER($k) }: { $line }
teach-line-after-opp-fours-at-most = після { $move } суперник має виграш безперервними четвірками щонайбільше за { NUMBER($k) }: { $line }
teach-line-now-opp-now = тепер суперник має виграш одразу: { $line }
teach-line-now-opp-fours = тепер суперник має виграш безперервними четвірками за { NUMBER($k) }: { $line }
teach-line-now-opp-fours-at-most = тепер суперник має виграш безперервними четвірками щонайбільше за { NUMBER($k) }: { $line }
teach-line-after-no-win = після { $move } суперник не має виграшу ні одразу, ні безперервними четвірками
teach-line-no-stop = жоден інший випробуваний хід цього не зупиняє
teach-line-every-reply-loses = кожна відповідь програє
teach-line-engine-plays = рушій грає { $move }
teach-line-after = після { $move }
teach-stretch-winning = виграє { $name }
teach-stretch-drawn = нічия
teach-stretch-worth = значення { $score } для { $name }
teach-stretch-unknown = не доведено
teach-sum-no-moves = немає ходів для оцінки
teach-sum-start-winning = від початку виграє { $name }
teach-sum-start-drawn = від початку нічия
teach-sum-start-worth = від початку значення { $score } для { $name }
teach-sum-start-unknown = на початку нічого не доведено
teach-sum-played-threw-win = { $name }, хід № { NUMBER($n) } ({ $move }): виграш упущено
teach-sum-resigned-threw-win = { $name }: здача: виграш упущено
teach-sum-played-threw-draw = { $name }, хід № { NUMBER($n) } ({ $move }): нічию упущено
teach-sum-resigned-threw-draw = { $name }: здача: нічию упущено
teach-sum-played-missed-defence = { $name }, хід № { NUMBER($n) } ({ $move }): пропущено єдиний знайдений захист ({ $stop }), і суперник має доведений виграш
teach-sum-resigned-missed-defence = { $name }: здача: пропущено єдиний знайдений захист ({ $stop }), і суперник має доведений виграш
teach-sum-played-missed-win = { $name }, хід № { NUMBER($n) } ({ $move }): пропущено доведений виграш (що лишилося, не доведено)
teach-sum-resigned-missed-win = { $name }: здача: пропущено доведений виграш (що лишилося, не доведено)
teach-sum-played = { $name }, хід № { NUMBER($n) } ({ $move })
teach-sum-resigned = { $name }: здача
teach-sum-kept-it = зберегти це можна було ходом { $moves }
teach-sum-more = і ще { $n ->
    [one] { NUMBER($n) } переломний хід
    [few] { NUMBER($n) } переломні ходи
    [many] { NUMBER($n) } переломних ходів
   *[other] { NUMBER($n) } переломного ходу
}
teach-sum-nobody-threw = ніхто цього не впустив
teach-sum-gave-away = { $name }: усього віддано { $score }
teach-sum-accuracy = точність { $name }: { NUMBER($percent) }% ({ NUMBER($best) } з { NUMBER($moves) })
teach-sum-engine-unit = числа рушія — його оцінка в очках, кожна для того, хто ходив (додатна — на користь того, хто ходив)
teach-exam-why19 = при S = { $s } перший хід { $move } залишає позицію, у якій другий гравець виграє одразу, а при кожному меншому S такого ходу немає
teach-exam-why19-none = за жодного S другий гравець не може виграти своїм першим ходом після будь-якого першого ходу
teach-exam-why20 = код 2 (перший гравець виграє своїм другим ходом, але не першим) саме при S = { $values }
teach-exam-why20-none = жодне S не має коду 2
teach-exam-why21 = S = { $s } — найменше з кодом -2: кожен перший хід програє щонайпізніше другим ходом другого гравця, а деякий перший хід не програє одразу
teach-exam-why21-none = жодне S не має коду -2
teach-puzzle-task = { $game }: знайдіть виграшний хід (виграш вашим ходом № { NUMBER($k) })
teach-puzzle-task-after = { $game } після { $moves }: знайдіть виграшний хід (виграш вашим ходом № { NUMBER($k) })
teach-puzzle-one-wins = виграє рівно один хід
teach-puzzle-many-win = { $n ->
    [one] виграє { NUMBER($n) } хід
    [few] виграють { NUMBER($n) } ходи
   *[other] виграють { NUMBER($n) } ходів
}: будь-який з них правильний
teach-puzzle-wins = { $move } виграє
teach-puzzle-so-do = як і { $moves }
teach-puzzle-only = це єдиний виграшний хід
teach-puzzle-ends-badly = { $move } закінчує гру, і не на вашу користь
teach-puzzle-loses = { $move } програє: суперник відповідає { $reply } і виграє своїм ходом № { NUMBER($k) }
teach-puzzle-leads-win = { $move } виграє, але не так, як вимагає задача
teach-puzzle-leads-loss = { $move } не виграє: за найкращої гри він веде до програшу
teach-puzzle-leads-draw = { $move } не виграє: за найкращої гри він веде до нічиєї
teach-puzzle-leads-unknown = { $move } не виграє
teach-puzzle-a-winning-move = виграшний хід був { $move }
teach-refused-no-puzzle = задачі { $id } тут немає
teach-refused-no-replay = ці ходи не відтворюються: { $why }
teach-refused-tree-too-large = { $why }: дерево будується для позицій, які точний розв'язувач розв'язує
teach-refused-exam-too-large = { $why }: таблиця іспиту — для ігор, які точний розв'язувач розв'язує
teach-refused-hidden-moves = деякі ходи приховано від цього клієнта, тож гру тут не відтворити
teach-refused-rebuild = гру тут не відтворити: { $why }
teach-refused-rebuild-game = { $game }: гру тут не відтворити
teach-refused-two-players = { $game }: точний розв'язувач оцінює лише ігри двох гравців
teach-refused-not-exact = гру тут не оцінити точно ({ $why })
teach-refused-too-large = хід № { NUMBER($n) } ({ $move }): завеликий для точної оцінки, і жодне відоме правило не підходить
teach-refused-move = хід № { NUMBER($n) } ({ $move }) тут не відтворюється: { $why }
teach-refused-hidden-hint = { $game }: у грі з прихованою інформацією підказок немає
teach-refused-over = гру закінчено: немає ходу, який можна підказати

# параметри іспиту, які не можна прийняти (ключ — нотація: heaps, goal, range)
teach-exam-bad-heaps = heaps { $value }: вкажіть початкові купки з рівно одним S, наприклад 7,S
teach-exam-bad-goal = goal { $value }: напишіть число, наприклад 77, >=77 або <=19
teach-exam-bad-range = range { $value }: напишіть ВІД..ДО, де ВІД <= ДО, наприклад 1..69
teach-exam-too-many = { NUMBER($n) } { $n ->
    [one] значення
    [few] значення
   *[other] значень
} S: в одній таблиці щонайбільше { NUMBER($most) } (вкажіть range)
